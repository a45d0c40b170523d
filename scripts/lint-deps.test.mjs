// The lint's checks seen failing on a planted file, one test after the other (a planted file is seen by
// every check of the tree). `npm run lint:deps` (part of `npm run lint`): knip fails when code imports a
// package its workspace does not declare, or when production code imports a devDependency (ADR 0034).
// Biome, which `npm run lint` starts with: `noImportCycles` (biome.json, types included) fails on a loop
// of imports. Each test plants the files, sees the check fail naming the package or rule, and removes them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// An entry of the production run (knip.jsonc: src/ops/*-cli.ts).
const PLANTED = path.join(ROOT, 'apps/api/src/ops/planted-import-cli.ts');

function lintDeps() {
  const result = spawnSync('npm', ['run', '--silent', 'lint:deps'], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const CYCLE_A = path.join(ROOT, 'apps/web/src/lib/planted-cycle-a.ts');
const CYCLE_B = path.join(ROOT, 'apps/web/src/lib/planted-cycle-b.ts');

/** Biome as `npm run lint` runs it, on the planted files (the project's module graph is scanned all the same). */
function biome() {
  const result = spawnSync(
    'npx',
    ['biome', 'check', '--error-on-warnings', path.relative(ROOT, CYCLE_A), path.relative(ROOT, CYCLE_B)],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Planting and removing a file changes its folder's modification time, which `npm run build` reads as
// a changed source (scripts/build.mjs): the folders get their times back, so the build made before the
// tests (CI's) is not made again after them.
const folderTimes = [...new Set([PLANTED, CYCLE_A, CYCLE_B].map((file) => path.dirname(file)))].map(
  (folder) => {
    const { atime, mtime } = fs.statSync(folder);
    return { folder, atime, mtime };
  },
);

afterEach(() => {
  for (const file of [PLANTED, CYCLE_A, CYCLE_B]) fs.rmSync(file, { force: true });
  for (const { folder, atime, mtime } of folderTimes) fs.utimesSync(folder, atime, mtime);
});

test('an import of a package that no manifest declares fails the lint', { timeout: 120_000 }, () => {
  fs.writeFileSync(PLANTED, "import padStart from 'left-pad-nowhere-declared';\n\nconsole.log(padStart);\n");
  const planted = lintDeps();
  expect(planted.status).not.toBe(0);
  expect(planted.output).toContain('left-pad-nowhere-declared');

  fs.rmSync(PLANTED);
  expect(lintDeps()).toMatchObject({ status: 0 });
});

test('production code importing a devDependency fails the lint', { timeout: 120_000 }, () => {
  // fast-check is one of the API's devDependencies (its property tests).
  fs.writeFileSync(PLANTED, "import fc from 'fast-check';\n\nconsole.log(fc);\n");
  const planted = lintDeps();
  expect(planted.status).not.toBe(0);
  expect(planted.output).toContain('fast-check');
});

test('two modules that import each other, one only for a type, fail the lint', { timeout: 120_000 }, () => {
  fs.writeFileSync(CYCLE_A, "import type { B } from './planted-cycle-b.ts';\n\nexport type A = { b?: B };\n");
  fs.writeFileSync(CYCLE_B, "import type { A } from './planted-cycle-a.ts';\n\nexport type B = { a?: A };\n");
  const planted = biome();
  expect(planted.status).not.toBe(0);
  expect(planted.output).toContain('noImportCycles');

  // The same two modules without the loop pass.
  fs.writeFileSync(CYCLE_B, 'export type B = { name: string };\n');
  expect(biome()).toMatchObject({ status: 0 });
});
