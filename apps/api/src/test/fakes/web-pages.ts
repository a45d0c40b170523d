/**
 * Loopback web pages for research tests (architecture.md §8): HTML or text by path, redirects, and pages
 * that misbehave: slow to answer, stalled halfway, cut halfway, huge once decoded, huge as declared.
 * Its pages are on 127.0.0.1, which the fetcher reads only with the test switch RESEARCH_ALLOW_LOOPBACK.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface FakePage {
  html?: string;
  /** Raw bytes served as HTML (a page in another charset). */
  bytes?: Buffer;
  text?: string;
  status?: number;
  /** Defaults to HTML or plain text in UTF-8, by which of the two is given. */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface FakeWebPages {
  url: string;
  /** Paths requested, in order. */
  visits: string[];
  close(): Promise<void>;
}

/** Answers after 5 s. */
export const SLOW_PAGE = '/lenta';
/** Sends its headers and a first piece of HTML, then nothing more. */
export const STALLED_PAGE = '/atascada';
/** Sends its headers and a first piece of gzip, then closes the connection. */
export const CUT_PAGE = '/cortada';
/** Decodes to 8 MB of text from a few KB on the wire. */
export const HUGE_PAGE = '/enorme';
/** 3 MB of HTML, so declared in its Content-Length. */
export const LARGE_PAGE = '/grande';

function misbehave(path: string, res: http.ServerResponse, huge: Buffer): boolean {
  switch (path) {
    case SLOW_PAGE:
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Tarde</p>'),
        5_000,
      ).unref();
      return true;
    case STALLED_PAGE:
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>Empieza');
      return true;
    case CUT_PAGE:
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.write(huge.subarray(0, 64), () => setTimeout(() => res.destroy(), 20));
      return true;
    case HUGE_PAGE:
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(huge);
      return true;
    case LARGE_PAGE:
      res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(3 * 1024 * 1024, 'a'));
      return true;
    default:
      return false;
  }
}

/** HTML or plain text in UTF-8; raw bytes say their charset themselves. */
function defaultType(page: FakePage): string {
  if (page.text !== undefined) return 'text/plain; charset=utf-8';
  return page.bytes ? 'text/html' : 'text/html; charset=utf-8';
}

export async function startFakeWebPages(options: {
  pages: Record<string, FakePage>;
  redirects?: Record<string, string>;
}): Promise<FakeWebPages> {
  const visits: string[] = [];
  const huge = zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024, 'a'));
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    visits.push(path);
    const location = options.redirects?.[path];
    if (location) {
      res.writeHead(302, { location }).end();
      return;
    }
    if (misbehave(path, res, huge)) return;
    const page = options.pages[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>No existe</p>');
      return;
    }
    const type = page.contentType ?? defaultType(page);
    res
      .writeHead(page.status ?? 200, { 'content-type': type, ...page.headers })
      .end(page.bytes ?? page.html ?? page.text ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    visits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
