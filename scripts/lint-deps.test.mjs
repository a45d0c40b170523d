// `npm run lint:deps` (part of `npm run lint`): knip fails when code imports a package its workspace does
// not declare, or when production code imports a devDependency (ADR 0034). The test plants such an import
// in a production entry of the API, sees the check fail naming the package, and removes it.
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

afterEach(() => fs.rmSync(PLANTED, { force: true }));

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
