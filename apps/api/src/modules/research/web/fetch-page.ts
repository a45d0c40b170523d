import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { readableText } from './extract.ts';

export interface FetchedPage {
  /** The address the page was read from, after redirects. */
  url: string;
  title: string;
  text: string;
}

export type PageFetcher = (url: string, signal: AbortSignal) => Promise<FetchedPage>;

/** A page the run will not read (its Spanish message goes to the run's timeline as a warning). */
export class PageRefused extends Error {}

export interface PageFetcherOptions {
  /** Test only (RESEARCH_ALLOW_LOOPBACK): loopback addresses are allowed, never private or link-local ones. */
  allowLoopback: boolean;
  timeoutMs?: number;
  /** Decoded bytes at most. */
  maxBytes?: number;
  maxRedirects?: number;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };
const READABLE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'];

/**
 * Whether a research run may connect to `address`: only public unicast addresses, so a page (or a
 * redirect, or a DNS answer) can't turn the job against the server's own network: no loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast or reserved ranges, IPv4-mapped ones included.
 */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  const range = ip.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** The checked address to connect to: every address the name resolves to must be public. */
async function resolvePublic(hostname: string, allowLoopback: boolean) {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const found = ipaddr.isValid(bare)
    ? [{ address: bare, family: ipaddr.parse(bare).kind() === 'ipv6' ? 6 : 4 }]
    : await dns.lookup(bare, { all: true, verbatim: true }).catch(() => {
        throw new PageRefused(`No se encontró la dirección ${bare}.`);
      });
  if (found.length === 0 || !found.every((entry) => isPublicAddress(entry.address, allowLoopback))) {
    throw new PageRefused(`La dirección ${bare} apunta a una red privada o local y no se consulta.`);
  }
  return found[0] as { address: string; family: number };
}

interface RawPage {
  status: number;
  location?: string;
  contentType: string;
  body: Buffer;
}

/** One GET to the pinned address (so a second DNS answer can't swap it), decoded and capped. */
function get(url: URL, pinned: { address: string; family: number }, maxBytes: number, signal: AbortSignal) {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RawPage>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup,
        signal,
        headers: {
          'user-agent': 'RumboResearch/1.0 (+estudio de mercado)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'es',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location, contentType: '', body: Buffer.alloc(0) });
          return;
        }
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const decoded =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? res.pipe(zlib.createGunzip())
            : encoding === 'deflate'
              ? res.pipe(zlib.createInflate())
              : encoding === 'br'
                ? res.pipe(zlib.createBrotliDecompress())
                : res;
        const chunks: Buffer[] = [];
        let size = 0;
        let refused = false;
        decoded.on('data', (chunk: Buffer) => {
          if (refused) return;
          size += chunk.length;
          if (size > maxBytes) {
            // Counted after decoding: a small compressed body may inflate to any size.
            refused = true;
            reject(new PageRefused('La página es demasiado grande para leerla.'));
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        decoded.on('error', () => {
          if (!refused) reject(new PageRefused('La página no se pudo descomprimir.'));
        });
        decoded.on('end', () => {
          if (refused) return;
          resolve({
            status,
            contentType: String(res.headers['content-type'] ?? '').toLowerCase(),
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    req.on('error', (error) => reject(error));
    req.end();
  });
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=([\w-]+)/.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Reads public web pages for research runs (ARCHITECTURE §1 'Research': every fetch public addresses
 * only, timeouts, size caps): http(s) only, each redirect checked again, the decoded body capped, HTML
 * or plain text only, and the readable text extracted.
 */
export function createPageFetcher(options: PageFetcherOptions): PageFetcher {
  const { allowLoopback } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;

  return async (address, signal) => {
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new PageRefused('La dirección de la página no es válida.');
    }
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new PageRefused('Solo se leen páginas http o https.');
      }
      if (url.username || url.password)
        throw new PageRefused('La dirección lleva credenciales y no se consulta.');
      const pinned = await resolvePublic(url.hostname, allowLoopback);
      let page: RawPage;
      try {
        page = await get(url, pinned, maxBytes, deadline);
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof PageRefused) throw error;
        throw new PageRefused(
          deadline.aborted ? 'La página tardó demasiado en responder.' : 'La página no se pudo leer.',
        );
      }
      if (page.location !== undefined) {
        if (hop >= maxRedirects) throw new PageRefused('La página redirige demasiadas veces.');
        url = new URL(page.location, url);
        continue;
      }
      if (page.status !== 200) throw new PageRefused(`La página respondió con un error (${page.status}).`);
      const type = page.contentType.split(';')[0]?.trim() ?? '';
      if (!READABLE_TYPES.includes(type)) throw new PageRefused('La página no es texto ni HTML.');
      const raw = decode(page.body, page.contentType);
      return { url: url.href, ...readableText(raw, type === 'text/plain') };
    }
  };
}
