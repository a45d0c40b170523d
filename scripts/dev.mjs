// `npm run dev`: the API with restart on change (tsx watch) and Vite with hot reload, proxying /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/main.ts', '--api-only'], {
    stdio: 'inherit',
    // The browser talks to Vite, so links in e-mails and the allowed origin are Vite's.
    env: {
      ...process.env,
      PORT: process.env.PORT ?? '3000',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@rumbo/web'], { stdio: 'inherit' }),
];

const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.once('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
