/**
 * A loopback Mixpanel ingestion API for tests (architecture.md §8), speaking what the official Node
 * library sends: `POST /track` with a form body `data=<base64 JSON array>`, and `GET /engage?data=<base64
 * JSON>` for profiles, answered with `1`. Every request is recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MixpanelRequest {
  endpoint: string;
  /** The decoded `data` array: events for /track, profile updates for /engage. */
  data: Array<Record<string, unknown>>;
}

export interface FakeMixpanel {
  url: string;
  requests: MixpanelRequest[];
  /** Every event received on /track, in order. */
  events(): Array<{ event: string; properties: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startFakeMixpanel(): Promise<FakeMixpanel> {
  const requests: MixpanelRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const encoded = req.method === 'POST' ? form.get('data') : url.searchParams.get('data');
      const endpoint = url.pathname;
      if (!encoded) {
        res.writeHead(400).end('0');
        return;
      }
      const decoded = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as unknown;
      requests.push({
        endpoint,
        data: (Array.isArray(decoded) ? decoded : [decoded]) as MixpanelRequest['data'],
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('1');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    events: () =>
      requests
        .filter((request) => request.endpoint === '/track')
        .flatMap((request) => request.data as Array<{ event: string; properties: Record<string, unknown> }>),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
