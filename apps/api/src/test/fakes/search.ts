/**
 * A loopback search provider for tests (ARCHITECTURE §8): SearXNG's `/search?format=json` or Brave's
 * `/res/v1/web/search`, answering each query with the results `results(query)` gives. Every query is
 * recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SearchResult } from '../../modules/research/web/search.ts';

export interface FakeSearch {
  url: string;
  queries: string[];
  close(): Promise<void>;
}

export async function startFakeSearch(options: {
  flavor: 'searxng' | 'brave';
  results: (query: string) => SearchResult[];
}): Promise<FakeSearch> {
  const queries: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = options.flavor === 'searxng' ? '/search' : '/res/v1/web/search';
    if (url.pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    const query = url.searchParams.get('q') ?? '';
    queries.push(query);
    const found = options.results(query);
    const body =
      options.flavor === 'searxng'
        ? { query, results: found.map((r) => ({ url: r.url, title: r.title, content: r.snippet })) }
        : { web: { results: found.map((r) => ({ url: r.url, title: r.title, description: r.snippet })) } };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queries,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
