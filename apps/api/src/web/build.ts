import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');

/** Everything the web bundle is built from. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
].map((p) => path.join(REPO_ROOT, p));

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isWebBuildStale(): boolean {
  const built = path.join(WEB_DIST_DIR, 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(source) > builtAt);
}

/** `npm start` on a fresh clone: builds the SPA when it is missing or older than its sources. */
export function ensureWebBuild(logger: Logger): void {
  if (!isWebBuildStale()) return;
  logger.info('building the web app (missing or older than its sources)');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@rumbo/web'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The web app build failed (see the output above)');
}
