import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The documentation rules of `npm run lint` (docs/architecture.md §2, 'Docs point inside the
 * repository'): what the repository says must lead somewhere inside the repository.
 * - No tracked file under the checked folders points to a tracker's numbered issue: the tracker is not
 *   part of the repository, so such a pointer leads nowhere. Point to an ADR, a docs section or a test.
 * - Every ADR has one Status line in one of three forms, and its links name the ADRs they lead to.
 * - A relative link in a tracked Markdown file leads to a file that exists and, with `#anchor`, to one of
 *   its headings (GitHub's anchors).
 */

/**
 * @typedef {{ file: string, line: number, rule: string, message: string }} Violation
 */

/** Where tracker pointers are looked for, from the repository root. */
export const CHECKED_PATHS = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts', 'README.md'];
const ADR_FILE = /^docs\/decisions\/\d{4}-[^/]+\.md$/;

/** The word issue or issues, in any case, then a number after a space, a '#' or a hyphen (an anchor). */
const TRACKER_POINTER = /\bissues?[\s-]+#?\d+/gi;

const ADR_LINK = String.raw`\[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)`;
const SUPERSEDED_PART = String.raw`${ADR_LINK} \([^()]+\)`;
/** The three forms of an ADR's status; a hard line break (a trailing backslash) may end the line. */
const STATUS_FORMS = [
  /^Accepted$/,
  new RegExp(`^Superseded by ${ADR_LINK}$`),
  new RegExp(`^Accepted; in part superseded by ${SUPERSEDED_PART}(?:(?:, | and )${SUPERSEDED_PART})*$`),
];
const STATUS_HELP =
  "write one line 'Status: Accepted', 'Status: Superseded by [NNNN](NNNN-name.md)' or " +
  "'Status: Accepted; in part superseded by [NNNN](NNNN-name.md) (what part)'";

/**
 * The repository's files under `paths` (tracked, and new ones git does not ignore), from the root, with `/`;
 * a walk when git is not there.
 */
export function trackedFiles(root, paths = CHECKED_PATHS) {
  try {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...paths],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return out.split('\0').filter((file) => file && fs.existsSync(path.join(root, file)));
  } catch {
    return paths.flatMap((entry) => walk(root, entry));
  }
}

function walk(root, entry) {
  const absolute = path.join(root, entry);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [entry];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile() && !/[/\\](node_modules|dist)([/\\]|$)/.test(item.parentPath))
    .map((item) => path.relative(root, path.join(item.parentPath, item.name)).split(path.sep).join('/'));
}

/** The text of a file, or undefined for a binary one (a NUL byte in its first 8 KB). */
function textOf(root, file) {
  const buffer = fs.readFileSync(path.join(root, file));
  if (buffer.subarray(0, 8192).includes(0)) return undefined;
  return buffer.toString('utf8');
}

const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** @returns {Violation[]} */
function trackerPointers(file, text) {
  return [...text.matchAll(TRACKER_POINTER)].map((match) => ({
    file,
    line: lineAt(text, match.index),
    rule: 'docs/no-tracker-pointers',
    message:
      `mentions '${match[0]}', a tracker that is not part of the repository. Point to an ADR ` +
      '(docs/decisions), a docs section or a test instead, or say the reason itself.',
  }));
}

/** @returns {Violation[]} */
function adrStatus(file, text) {
  const lines = text.split('\n');
  const statuses = lines.flatMap((line, index) => (line.startsWith('Status:') ? [{ line, index }] : []));
  const fail = (line, message) => [{ file, line, rule: 'docs/adr-status', message }];
  if (statuses.length !== 1) {
    const at = statuses.length > 1 ? statuses[1].index + 1 : 1;
    return fail(at, `has ${statuses.length} Status lines: ${STATUS_HELP}.`);
  }
  const [{ line, index }] = statuses;
  const value = line.slice('Status:'.length).replace(/\\$/, '').trim();
  if (!line.startsWith('Status: ') || !STATUS_FORMS.some((form) => form.test(value))) {
    return fail(index + 1, `'${line}' is not a Status line of the convention: ${STATUS_HELP}.`);
  }
  // Whether the ADRs named exist is the links rule's to say.
  return [...value.matchAll(new RegExp(ADR_LINK, 'g'))].flatMap(([link, number, target]) =>
    target.startsWith(`${number}-`) ? [] : fail(index + 1, `${link} names ${number} but links ${target}.`),
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading) {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** A Markdown text without its fenced code blocks (their lines kept, empty, so line numbers hold). */
const withoutFences = (text) => text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ''));
/** The same without its code spans either (blanked, line breaks kept): a link written as code is not one. */
const proseOf = (text) => withoutFences(text).replace(/`[^`]+`/g, (span) => span.replace(/[^\n]/g, ' '));

function anchorsOf(root, file, cache) {
  if (!cache.has(file)) {
    const text = withoutFences(fs.readFileSync(path.join(root, file), 'utf8'));
    cache.set(file, new Set([...text.matchAll(/^#{1,6} +(.+?) *#*$/gm)].map(([, h]) => headingAnchor(h))));
  }
  return cache.get(file);
}

/** A link's part as written in the file it names (`%20` is a space), or as it is when it is not encoded. */
function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** @returns {Violation[]} */
function relativeLinks(root, file, text, cache) {
  const prose = proseOf(text);
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].flatMap((match) => {
    const link = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return [];
    const [target, anchor] = link.split('#').map(decoded);
    const targetFile = target
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
      : file;
    const at = { file, line: lineAt(prose, match.index), rule: 'docs/links-resolve' };
    if (!fs.existsSync(path.join(root, targetFile))) {
      return [{ ...at, message: `links ${link}, but ${targetFile} does not exist.` }];
    }
    if (anchor && targetFile.endsWith('.md') && !anchorsOf(root, targetFile, cache).has(anchor)) {
      return [{ ...at, message: `links ${link}, but ${targetFile} has no heading with that anchor.` }];
    }
    return [];
  });
}

/**
 * Checks `files` (paths from `root`; by default the tracked files of CHECKED_PATHS).
 * @returns {{ files: number, violations: Violation[] }}
 */
export function checkDocs(root, files = trackedFiles(root)) {
  const anchors = new Map();
  const violations = files.flatMap((file) => {
    const text = textOf(root, file);
    if (text === undefined) return [];
    return [
      ...trackerPointers(file, text),
      ...(ADR_FILE.test(file) ? adrStatus(file, text) : []),
      ...(file.endsWith('.md') ? relativeLinks(root, file, text, anchors) : []),
    ];
  });
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { files: files.length, violations };
}
