// `npm run demo`: `npm start` with the built-in scripted mentor (AI_PROVIDER=demo), to try Rumbo with no
// model and no key. Setting the variable here rather than in package.json works on every shell.
import { spawn } from 'node:child_process';

const child = spawn('npm', ['start'], {
  stdio: 'inherit',
  // npm is npm.cmd on Windows, which only a shell can start.
  shell: process.platform === 'win32',
  env: { ...process.env, AI_PROVIDER: 'demo' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
child.once('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
