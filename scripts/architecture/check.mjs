import fs from 'node:fs';
import path from 'node:path';
import { featureOf, RULES, resolveFrom, SPANISH_TEXT } from './rules.mjs';
import { creditTablesOf, sourceFacts } from './source-facts.mjs';

/** The folders the rules look at, from the repository root. */
const SOURCE_ROOTS = ['apps/web/src', 'apps/api/src'];
const SOURCE_FILE = /\.tsx?$/;
const CREDITS_SCHEMA = 'apps/api/src/db/schema/credits.ts';
/** The modules through which the credit tables are imported: their own file and the schema's index. */
const SCHEMA_MODULES = new Set(['apps/api/src/db/schema/credits.ts', 'apps/api/src/db/schema/index.ts']);

/** What an API file must mention to break a rule: a credit table, Stripe or a model SDK. */
const API_HINTS = /credit|stripe|['"]ai['"/]|@ai-sdk\//i;
/** An import of test support: src/test or a test tool. */
const TEST_SUPPORT = /['"](vitest|@testing-library\/[^'"]*|(\.\.?\/)+[^'"\n]*test\/[^'"\n]*)['"]/;
/** Any quoted relative path, in an import or not: a superset of what the file imports. */
const RELATIVE_STRING = /['"`](\.\.?\/[^'"`\n]*)['"`]/g;

/**
 * A cheap look at the text first, so that only the few files that might break a rule are parsed:
 * an API file that names none of the guarded things, or a web file with no Spanish, no test support and
 * no relative path into src/app or another feature than its own, cannot break any.
 */
function worthParsing(file, text) {
  if (file.startsWith('apps/api/')) return API_HINTS.test(text);
  if (SPANISH_TEXT.test(text) || TEST_SUPPORT.test(text)) return true;
  const own = featureOf(file);
  return [...text.matchAll(RELATIVE_STRING)].some(([, specifier]) => {
    const target = resolveFrom(file, specifier);
    const feature = featureOf(target);
    return (feature !== undefined && feature !== own) || target?.startsWith('apps/web/src/app/');
  });
}

/** Every .ts/.tsx file under `dir`, from the repository root, with `/`. */
function sourceFiles(root, dir) {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.parentPath.includes('node_modules'),
    )
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Whether `specifier`, imported by `fromFile`, is the credits schema or the schema index re-exporting it. */
function isSchemaModule(fromFile, specifier) {
  const target = resolveFrom(fromFile, specifier);
  if (!target) return false;
  return [target, `${target}.ts`, `${target}/index.ts`].some((candidate) => SCHEMA_MODULES.has(candidate));
}

/** @returns {import('./source-facts.mjs').CreditSchema} */
function creditSchemaOf(root) {
  const schemaFile = path.join(root, CREDITS_SCHEMA);
  const tables = fs.existsSync(schemaFile) ? creditTablesOf(fs.readFileSync(schemaFile, 'utf8')) : new Set();
  return { tables, isSchemaModule };
}

/**
 * Checks every source file under `root` against the architecture rules.
 * @returns {{ files: number, rules: number, violations: import('./rules.mjs').Violation[] }}
 */
export function checkArchitecture(root) {
  const creditSchema = creditSchemaOf(root);
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(root, dir));
  const violations = files.flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (!worthParsing(file, text)) return [];
    const facts = sourceFacts(file, text, file.startsWith('apps/api/') ? creditSchema : undefined);
    return RULES.flatMap((rule) => rule.check(file, facts));
  });
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { files: files.length, rules: RULES.length, violations };
}

/** One line per violation, `file:line  rule  message`, as editors and CI logs link them. */
export const formatViolation = ({ file, line, rule, message }) => `${file}:${line}  ${rule}  ${message}`;
