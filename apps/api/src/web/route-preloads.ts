import fs from 'node:fs';
import path from 'node:path';
import { html } from 'hono/html';

// The chunks of the screen a signed-in first visit opens on, announced in the page served for its address
// (ADR 0052). Apart from spa.ts because a file of the build is read here and checked before any of it goes
// into a page.

/** Written by the web build beside index.html (apps/web/preload-routes.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** An address prefix such as `/chat/`. */
const PREFIX = /^\/[\w/-]*$/;
/** A built chunk: a file name in `assets/`, nothing that leaves the folder or ends the attribute. */
const CHUNK = /^assets\/[\w-][\w.-]*\.js$/;

export type RoutePreloads = Array<{ prefix: string; files: string[] }>;

/**
 * The build's list of chunks per address prefix; none from a build without the file (an older build, or
 * the tests' own). A list that is not what the build writes, or names a chunk that is not in the build,
 * stops the server at start, as a missing index.html does: a broken build is not served.
 */
export function readRoutePreloads(distDir: string): RoutePreloads {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return [];
  const invalid = (why: string) => new Error(`${file} is not a valid list of route preloads: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('not an object');
  return Object.entries(parsed).map(([prefix, files]: [string, unknown]) => {
    if (!PREFIX.test(prefix)) throw invalid(`the prefix ${JSON.stringify(prefix)}`);
    if (!Array.isArray(files)) throw invalid(`the chunks of ${prefix} are not a list`);
    for (const name of files) {
      if (
        typeof name !== 'string' ||
        !CHUNK.test(name) ||
        !fs.statSync(path.join(distDir, name), { throwIfNoEntry: false })?.isFile()
      ) {
        throw invalid(`${JSON.stringify(name)} is not a chunk of the build`);
      }
    }
    return { prefix, files: files as string[] };
  });
}

/** `page` with a `<link rel="modulepreload">` for each of `files`, after those it has (else at the end of its head). */
export function withRoutePreloads(page: string, files: string[]): string {
  if (files.length === 0) return page;
  const links = files.map((file) => html`<link rel="modulepreload" crossorigin href="/${file}">`.toString());
  const last = page.lastIndexOf('<link rel="modulepreload"');
  const at = last === -1 ? page.indexOf('</head>') : page.indexOf('>', last) + 1;
  if (at <= 0) throw new Error('index.html has no <head> to announce the route preloads in');
  return `${page.slice(0, at)}\n    ${links.join('\n    ')}${page.slice(at)}`;
}
