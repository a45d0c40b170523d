// The server's half of `npm run build` (scripts/build.mjs runs it): the API's entry points compiled by
// esbuild into apps/api/dist (ADR 0034). One ES module per entry, their shared chunks and source maps, all
// in that one folder, and the plain files the code reads or starts copied beside them (apps/api/src/paths.ts
// finds them there). Packages stay imports, resolved from node_modules at run time, so a production
// install must hold each one (knip checks the manifests); the workspace's own contract is compiled in.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_SRC = path.join(ROOT, 'apps/api/src');
const API_DIST = path.join(ROOT, 'apps/api/dist');

/** The API's entry points under apps/api/src: each becomes apps/api/dist/<base name>.js. */
const API_ENTRIES = [
  'main.ts',
  'worker.ts',
  'db/migrate-cli.ts',
  'ops/backup-cli.ts',
  'ops/restore-cli.ts',
  'ai/model-download.ts',
  'modules/files/extract/extract-child.ts',
  'modules/research/grounding/grounding-child.ts',
];
/** Files the code starts or reads as they are (plain JavaScript run by a worker or a process, a stylesheet). */
const API_COPIES = [
  'db/pglite-worker.js',
  'db/pglite-initdb.js',
  'lib/child-processes/process-launcher.js',
  'modules/billing/local-checkout.css',
];

/**
 * Packages that only some requests need, loaded at their first use with `await import()` (ADR 0027): the
 * build fails when the server's start (main.js and the chunks it imports) would load one of them.
 */
const LOADED_AT_FIRST_USE = [
  'stripe',
  'sharp',
  'file-type',
  'linkedom',
  '@mozilla/readability',
  'pdfkit',
  'docx',
  'jszip',
  '@aws-sdk/client-s3',
  'nodemailer',
  '@react-email/components',
  'react',
  'mixpanel',
  '@ai-sdk/openai',
  '@ai-sdk/anthropic',
  '@ai-sdk/google',
  'node-llama-cpp',
  'unpdf',
  'mammoth',
  'kysely',
];

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The packages the server's start imports, through main.js and its static imports of chunks. */
function packagesAtStart(metafile) {
  const outputs = metafile.outputs;
  const main = Object.keys(outputs).find((file) => path.basename(file) === 'main.js');
  const seen = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { path: imported, kind, external } of outputs[file]?.imports ?? []) {
      if (kind !== 'import-statement') continue;
      if (external) packages.add(packageOf(imported));
      else visit(imported);
    }
  };
  visit(main);
  return packages;
}

/** Every package import stays an import (node_modules at run time), except the workspace's own `@rumbo/*`. */
const packagesStayImports = {
  name: 'packages-stay-imports',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rumbo/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildApi() {
  fs.rmSync(API_DIST, { recursive: true, force: true });
  const { metafile } = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: API_ENTRIES.map((entry) => path.join(API_SRC, entry)),
    // Every entry and chunk in one folder: paths.ts finds the files beside them there.
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outdir: API_DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    // Stack traces and log lines keep the functions' names.
    keepNames: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [packagesStayImports],
  });
  const atStart = LOADED_AT_FIRST_USE.filter((name) => packagesAtStart(metafile).has(name));
  if (atStart.length > 0)
    throw new Error(
      `the server's start imports ${atStart.join(', ')}, which it loads at first use (ADR 0027): import it with \`await import()\` where it is used`,
    );
  for (const file of API_COPIES)
    fs.copyFileSync(path.join(API_SRC, file), path.join(API_DIST, path.basename(file)));
  fs.writeFileSync(path.join(API_DIST, '.built'), `${new Date().toISOString()}\n`);
}

await buildApi();
