import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { deadline } from '../../../lib/deadline.ts';
import { grounding } from '../grounding/grounding-process.ts';
import { decodeText } from './extract.ts';
import { PageRefused } from './page-refused.ts';
import { publicAddresses } from './public-address.ts';
import { readCappedBody } from './read-body.ts';

export { PageRefused } from './page-refused.ts';

export interface FetchedPage {
  /** The address the page was read from, after redirects. */
  url: string;
  title: string;
  text: string;
}

export type PageFetcher = (url: string, signal: AbortSignal) => Promise<FetchedPage>;

export interface PageFetcherOptions {
  /** Test only (RESEARCH_ALLOW_LOOPBACK): loopback addresses are allowed, never private or link-local ones. */
  allowLoopback: boolean;
  /** For the whole read, redirects included. */
  timeoutMs?: number;
  /** Decoded bytes at most. */
  maxBytes?: number;
  maxRedirects?: number;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };
const READABLE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'];
const REDIRECTS = [301, 302, 303, 307, 308];

/**
 * Sends one GET connecting only to the addresses already checked (the lookup answers with them), so a
 * second DNS answer can't swap in a private one (DNS rebinding). No connection pool: a socket is never
 * reused for another name's request.
 */
function request(url: URL, checked: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) {
      callback(null, checked);
      return;
    }
    const pick = checked.find((entry) => !options.family || entry.family === options.family) ?? checked[0];
    callback(null, pick?.address ?? '', pick?.family ?? 4);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      lookup,
      signal,
      headers: {
        'user-agent': 'RumboResearch/1.0 (+estudio de mercado)',
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'es',
      },
    });
    req.once('response', resolve);
    // Kept for the request's whole life: a later error with no listener would crash the process.
    req.on('error', reject);
    req.end();
  });
}

/** The media type when it is one the run reads, else a refusal (checked before reading the body). */
function readableType(res: IncomingMessage, maxBytes: number): string {
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (!type || !READABLE_TYPES.includes(type)) throw new PageRefused('La página no es texto ni HTML.');
  const declared = Number(res.headers['content-length']);
  if (!res.headers['content-encoding'] && declared > maxBytes)
    throw new PageRefused('La página es demasiado grande para leerla.');
  return type;
}

function nextUrl(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new PageRefused('La página redirige a una dirección no válida.');
  }
}

type Limits = Required<PageFetcherOptions>;

/** Follows the page's redirects, each target checked again, to the readable text of where they end. */
async function readPage(start: URL, signal: AbortSignal, limits: Limits): Promise<FetchedPage> {
  const { allowLoopback, maxBytes, maxRedirects } = limits;
  let url = start;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new PageRefused('Solo se leen páginas http o https.');
    if (url.username || url.password)
      throw new PageRefused('La dirección lleva credenciales y no se consulta.');
    const checked = await publicAddresses(url.hostname, allowLoopback, signal);
    const res = await request(url, checked, signal);
    const status = res.statusCode ?? 0;
    if (REDIRECTS.includes(status) && res.headers.location) {
      res.destroy();
      if (hop >= maxRedirects) throw new PageRefused('La página redirige demasiadas veces.');
      url = nextUrl(res.headers.location, url);
      continue;
    }
    if (status !== 200) {
      res.destroy();
      throw new PageRefused(`La página respondió con un error (${status}).`);
    }
    let type: string;
    try {
      type = readableType(res, maxBytes);
    } catch (error) {
      res.destroy();
      throw error;
    }
    const body = await readCappedBody(res, maxBytes, signal);
    const plain = type === 'text/plain';
    const raw = decodeText(body, String(res.headers['content-type']), !plain);
    // The HTML is read in the grounding process, not on the server's thread (ADR 0025).
    return { url: url.href, ...(await grounding.readable(raw, plain)) };
  }
}

/**
 * Reads public web pages for research runs (architecture.md §1 'Research': every fetch public addresses
 * only, timeouts, size caps): http(s) only, every address a name resolves to checked and the connection
 * pinned to them, each redirect checked again (at most 3), one deadline for the whole read, the decoded
 * body capped, HTML or plain text only, and the readable text extracted (in the grounding process).
 */
export function createPageFetcher(options: PageFetcherOptions): PageFetcher {
  const limits: Limits = {
    allowLoopback: options.allowLoopback,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
  };
  return async (address, signal) => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new PageRefused('La dirección de la página no es válida.');
    }
    const time = deadline(signal, limits.timeoutMs);
    try {
      return await readPage(url, time.signal, limits);
    } catch (error) {
      // The run's own stop is not the page's fault: it propagates as the run's reason.
      if (signal.aborted) throw signal.reason;
      if (error instanceof PageRefused) throw error;
      throw new PageRefused(
        time.passed() ? 'La página tardó demasiado en responder.' : 'La página no se pudo leer.',
      );
    } finally {
      time.clear();
    }
  };
}
