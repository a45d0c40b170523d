import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocs, headingAnchor, trackedFiles } from './check.mjs';

// The documentation rules that `npm run lint` checks last (scripts/check-docs.mjs), run over a small tree
// written to a temporary folder, and over the real tree. The pointers the rule refuses are put together
// here at run time, so that this file does not break the rule it tests.

/** A pointer as a text would carry it: the word, a space, the number. */
const pointer = (word, number) => `${word} ${number}`;

const ADR_PARTS = `# 0009 — Business screens

Date: 2026-11-21\\
Status: Accepted; in part superseded by [0018](0018-addresses.md) (losses, the edit question) and [0002](0002-database.md) (a part)

## Context
`;

/** Path → text; the assertions below name the line of each offence. */
const FIXTURES = {
  // Tracker pointers in code, tests and docs: every spelling.
  'apps/api/src/modules/chats/send.ts': [
    `/** Sends a question (${pointer('issue', 7)}). */`,
    `// ${pointer('Issues', '15 and 16')}: the console.`,
    "export const send = () => 'the issue was the retry';",
    'export const read = (error) => error.issues[0];',
  ].join('\n'),
  'e2e/chat.spec.ts': `/**\n * ${pointer('Issue', 13)}'s gate.\n */\n`,
  'bench/run.ts': `// See ${pointer('issue', '#18')}.\n`,
  'README.md': [
    '# Rumbo',
    '',
    '## Streaming at scale (November 2026)',
    '',
    `See [the runs](docs/benchmarks.md#${pointer('issue', 18).replace(' ', '-')}-third-pass).`,
    'See [the figures](docs/benchmarks.md#the-figures) and [Streaming](#streaming-at-scale-november-2026).',
    'And [a missing file](docs/nowhere.md), [a site](https://example.com/a#b), `[code](nowhere.md)`.',
    '',
    '```sh',
    '[not a link](nowhere.md)',
    '```',
  ].join('\n'),
  'docs/benchmarks.md': '# Benchmarks\n\n## The figures\n\n```md\n## Inside a fence\n```\n',
  'docs/decisions/0002-database.md': '# 0002 — Database\n\nDate: 2026-11-21\\\nStatus: Accepted\n',
  'docs/decisions/0003-accounts.md':
    '# 0003 — Accounts\n\nDate: 2026-11-21\\\nStatus: Superseded by [0046](0046-accounts.md)\n',
  'docs/decisions/0009-business-screens.md': ADR_PARTS,
  'docs/decisions/0018-addresses.md': '# 0018\n\nDate: 2026-11-26 · Status: Accepted\n',
  'docs/decisions/0019-forms.md': '# 0019\n\nDate: 2026-11-26\\\nStatus: Accepted (changes ADR 0009)\n',
  'docs/decisions/0020-thread.md':
    '# 0020\n\nDate: 2026-11-26\\\nStatus: Superseded by [0021](0022-young.md)\n',
  'docs/decisions/0046-accounts.md': '# 0046\n\nDate: 2026-11-27\\\nStatus: Accepted\nStatus: Accepted\n',
  // A file with a NUL byte is not text: nothing in it counts.
  'apps/web/public/logo.png': `\u0000PNG ${pointer('issue', 1)}`,
};

let root;
let result;
const found = (rule) =>
  result.violations.filter((v) => v.rule === rule).map(({ file, line }) => `${file}:${line}`);

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-docs-'));
  for (const [file, text] of Object.entries(FIXTURES)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  result = checkDocs(root, Object.keys(FIXTURES));
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('no pointers to a tracker outside the repository', () => {
  it('finds every spelling of a numbered issue, with its line, and nothing else', () => {
    expect(found('docs/no-tracker-pointers')).toEqual([
      'apps/api/src/modules/chats/send.ts:1',
      'apps/api/src/modules/chats/send.ts:2',
      'bench/run.ts:1',
      'e2e/chat.spec.ts:2',
      'README.md:5',
    ]);
  });

  it('says what to point to instead', () => {
    const [violation] = result.violations.filter((v) => v.file === 'bench/run.ts');
    expect(violation?.message).toMatch(/an ADR \(docs\/decisions\), a docs section or a test/);
  });
});

describe('a Status line on every ADR', () => {
  it('accepts the three forms, with several superseded parts, and refuses the rest', () => {
    expect(found('docs/adr-status')).toEqual([
      // 0002, 0003 and 0009 pass; 0018's status shares its Date line, as ADRs had it before the rule.
      'docs/decisions/0018-addresses.md:1',
      'docs/decisions/0019-forms.md:4',
      'docs/decisions/0020-thread.md:4',
      'docs/decisions/0046-accounts.md:5',
    ]);
  });

  it('names the convention, and an ADR linked under the wrong number', () => {
    const byFile = Object.fromEntries(
      result.violations.filter((v) => v.rule === 'docs/adr-status').map((v) => [v.file, v.message]),
    );
    expect(byFile['docs/decisions/0018-addresses.md']).toMatch(/has 0 Status lines: write one line/);
    expect(byFile['docs/decisions/0019-forms.md']).toMatch(/not a Status line of the convention/);
    expect(byFile['docs/decisions/0020-thread.md']).toMatch(/names 0021 but links 0022-young\.md/);
    expect(byFile['docs/decisions/0046-accounts.md']).toMatch(/has 2 Status lines/);
  });

  it('refuses a superseding ADR that does not exist', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-docs-'));
    try {
      const file = 'docs/decisions/0003-accounts.md';
      fs.mkdirSync(path.join(dir, 'docs/decisions'), { recursive: true });
      fs.writeFileSync(path.join(dir, file), FIXTURES[file]);
      expect(checkDocs(dir, [file]).violations.map((v) => v.message)).toEqual([
        'links 0046-accounts.md, but docs/decisions/0046-accounts.md does not exist.',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('relative links lead somewhere', () => {
  it('finds a missing file and a missing heading, not links in code or to other sites', () => {
    expect(result.violations.filter((v) => v.rule === 'docs/links-resolve').map((v) => v.message)).toEqual([
      'links 0022-young.md, but docs/decisions/0022-young.md does not exist.',
      `links docs/benchmarks.md#${pointer('issue', 18).replace(' ', '-')}-third-pass, but docs/benchmarks.md has no heading with that anchor.`,
      'links docs/nowhere.md, but docs/nowhere.md does not exist.',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('Streaming at scale, third pass: a floor for the CPU (November 2026)')).toBe(
      'streaming-at-scale-third-pass-a-floor-for-the-cpu-november-2026',
    );
    expect(headingAnchor('Probar sin clave: modo demostración')).toBe('probar-sin-clave-modo-demostración');
    expect(headingAnchor('`npm run bench` and the 4a. section')).toBe('npm-run-bench-and-the-4a-section');
  });
});

describe('the real tree', () => {
  it('keeps every rule', () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    const files = trackedFiles(repo);
    expect(files).toContain('docs/decisions/0003-accounts.md');
    expect(files).toContain('README.md');
    expect(checkDocs(repo, files).violations).toEqual([]);
  });
});
