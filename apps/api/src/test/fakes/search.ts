/**
 * A loopback search provider for tests (architecture.md §8) speaking SearXNG's `GET /search?format=json`,
 * Brave's `GET /res/v1/web/search` or Tavily's `POST /search`, answering each query with the results
 * `results(query)` gives. Every request is recorded; `answer` makes it misbehave.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SearchResult } from '../../modules/research/web/search.ts';

export type SearchFlavor = 'searxng' | 'brave' | 'tavily';

export interface RecordedSearch {
  method: string;
  path: string;
  query: string;
  /** The URL's query parameters (the POST body's fields for Tavily). */
  params: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface FakeSearch {
  /** Base URL for SEARCH_BASE_URL. */
  url: string;
  /** Each query asked, in order. */
  queries: string[];
  requests: RecordedSearch[];
  /** 'results' (default), 'not-json', 'error' (HTTP 500) or 'silence' (never answers). */
  answer: 'results' | 'not-json' | 'error' | 'silence';
  close(): Promise<void>;
}

const PATHS: Record<SearchFlavor, { method: string; path: string }> = {
  searxng: { method: 'GET', path: '/search' },
  brave: { method: 'GET', path: '/res/v1/web/search' },
  tavily: { method: 'POST', path: '/search' },
};

function body(flavor: SearchFlavor, query: string, found: SearchResult[]) {
  if (flavor === 'brave') {
    return { web: { results: found.map((r) => ({ url: r.url, title: r.title, description: r.snippet })) } };
  }
  return { query, results: found.map((r) => ({ url: r.url, title: r.title, content: r.snippet })) };
}

async function readParams(req: http.IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  if (req.method !== 'POST') return Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startFakeSearch(options: {
  flavor: SearchFlavor;
  results: (query: string) => SearchResult[];
}): Promise<FakeSearch> {
  const fake: FakeSearch = {
    url: '',
    queries: [],
    requests: [],
    answer: 'results',
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const expected = PATHS[options.flavor];
    if (url.pathname !== expected.path || req.method !== expected.method) {
      res.writeHead(404).end();
      return;
    }
    const params = await readParams(req, url);
    const query = String(params.q ?? params.query ?? '');
    fake.queries.push(query);
    fake.requests.push({ method: req.method, path: url.pathname, query, params, headers: req.headers });
    if (fake.answer === 'silence') return;
    if (fake.answer === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
      return;
    }
    if (fake.answer === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Demasiadas peticiones</html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body(options.flavor, query, options.results(query))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
