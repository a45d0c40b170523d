// `npm run build`: the production build (ADR 0034): the web app with Vite into apps/web/dist, and the server
// with esbuild into apps/api/dist (scripts/build-api.mjs). Each is built when it is missing or older than
// its sources (`-- --force`: always); where the sources are absent (a production copy holds only the
// build, scripts/release.mjs) nothing is built. `npm start` and the other run scripts run this first.
// Only Node's own modules are imported here: esbuild and Vite are devDependencies, run in processes of
// their own when a build is needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** The stamp the API build leaves (scripts/build-api.mjs), newer than every source it was built from. */
const API_STAMP = path.join(ROOT, 'apps/api/dist/.built');

const API_SOURCES = [
  'apps/api/src',
  'packages/contract/src',
  'apps/api/package.json',
  'scripts/build-api.mjs',
];
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'apps/web/preload-routes.ts',
  'apps/web/first-screen-chunks.ts',
  'apps/web/package.json',
  'packages/contract/src',
];

/** The newest modification time under `target` (0 when absent); tests are not part of a build. */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Missing, or older than a source that is there. Without sources (a production copy) a build is never stale. */
function isStale(builtFile, sources) {
  if (!fs.existsSync(builtFile)) return true;
  const builtAt = fs.statSync(builtFile).mtimeMs;
  return sources.some((source) => newestMtime(path.join(ROOT, source)) > builtAt);
}

function hasSources(sources) {
  return fs.existsSync(path.join(ROOT, sources[0]));
}

function buildApi() {
  // A process of its own: esbuild is a devDependency, absent from a production install that needs no build.
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-api.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The server build failed (see the output above)');
}

/** `quiet` (a build on start): Vite says only what went wrong, not the size of every asset. */
function buildWeb(quiet) {
  const args = [
    'run',
    'build',
    '--silent',
    '-w',
    '@rumbo/web',
    ...(quiet ? ['--', '--logLevel', 'error'] : []),
  ];
  const result = spawnSync('npm', args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The web app build failed (see the output above)');
}

function build({ force, quiet }) {
  const webBuilt = path.join(WEB_DIST, 'index.html');
  for (const [what, built, sources] of [
    ['web app', webBuilt, WEB_SOURCES],
    ['server', API_STAMP, API_SOURCES],
  ]) {
    if (!hasSources(sources) && !fs.existsSync(built)) {
      throw new Error(
        `The ${what} is not built and its sources are not here: run \`npm run build\` in a checkout`,
      );
    }
  }
  if (hasSources(WEB_SOURCES) && (force || isStale(webBuilt, WEB_SOURCES))) {
    console.error('building the web app (missing or older than its sources)');
    buildWeb(quiet);
  }
  if (hasSources(API_SOURCES) && (force || isStale(API_STAMP, API_SOURCES))) {
    console.error('building the server (missing or older than its sources)');
    buildApi();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    build({ force: process.argv.includes('--force'), quiet: process.argv.includes('--quiet') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
