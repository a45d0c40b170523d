// The browser tests drive Debian's Chromium (a test tool's own browser download does not work
// offline). Installs it when missing and allowed; otherwise says in one line how to get one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (fs.existsSync(candidate)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const isDebian = fs.existsSync('/etc/debian_version');
if (!process.env.CHROMIUM_PATH && isRoot && isDebian) {
  console.log('Chromium is missing: installing Debian chromium with apt-get…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (fs.existsSync(candidate)) process.exit(0);
}
console.error(
  `No Chromium at ${candidate}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
);
process.exit(1);
