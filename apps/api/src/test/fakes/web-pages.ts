/**
 * Loopback web pages for research tests (ARCHITECTURE §8): HTML or text by path, redirects, a slow
 * page and a huge (gzip-compressed) one. Its pages are on 127.0.0.1, which the fetcher reads only with
 * the test switch RESEARCH_ALLOW_LOOPBACK.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface FakePage {
  html?: string;
  text?: string;
  status?: number;
  contentType?: string;
}

export interface FakeWebPages {
  url: string;
  /** Paths requested, in order. */
  visits: string[];
  close(): Promise<void>;
}

export const SLOW_PAGE = '/lenta';
/** Decodes to 8 MB of text from a few KB on the wire. */
export const HUGE_PAGE = '/enorme';

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
    if (path === SLOW_PAGE) {
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Tarde</p>'),
        5_000,
      ).unref();
      return;
    }
    if (path === HUGE_PAGE) {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(huge);
      return;
    }
    const page = options.pages[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>No existe</p>');
      return;
    }
    const type =
      page.contentType ??
      (page.text !== undefined ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8');
    res.writeHead(page.status ?? 200, { 'content-type': type }).end(page.html ?? page.text ?? '');
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
