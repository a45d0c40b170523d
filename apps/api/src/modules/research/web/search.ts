import { z } from 'zod';
import type { Env } from '../../../env.ts';
import { deadline } from '../../../lib/deadline.ts';

export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
}

/** Where a search is aimed (ADR 0051): the business's country and language. */
export interface SearchLocale {
  /** Brave's `country` ('ALL' for a country its API does not know). */
  brave: string;
  /** SearXNG's `language` (a language tag with the country: 'es-MX'). */
  language: string;
  /** Tavily's `country`, when it knows the country. */
  tavily: string | null;
}

export interface SearchOptions {
  limit: number;
  signal: AbortSignal;
  /** Without one, Spanish results from anywhere. */
  locale?: SearchLocale;
}

export interface SearchClient {
  search(query: string, options: SearchOptions): Promise<SearchResult[]>;
}

/** Brave's `search_lang` values for the languages our countries speak (others search in Spanish). */
const BRAVE_LANGUAGES: Record<string, string> = {
  es: 'es',
  pt: 'pt-pt',
  'pt-BR': 'pt-br',
  fr: 'fr',
  de: 'de',
  nl: 'nl',
  it: 'it',
  en: 'en',
  'en-GB': 'en-gb',
  sv: 'sv',
  nb: 'nb',
  fi: 'fi',
  da: 'da',
  cs: 'cs',
  pl: 'pl',
  hu: 'hu',
  ro: 'ro',
  bg: 'bg',
  et: 'et',
  lv: 'lv',
  lt: 'lt',
  sk: 'sk',
  is: 'is',
  tr: 'tr',
  ar: 'ar',
};

function braveLanguage(tag: string): string {
  return BRAVE_LANGUAGES[tag] ?? BRAVE_LANGUAGES[tag.split('-')[0] ?? ''] ?? 'es';
}

/** A search that could not be done; its message is Spanish and never carries the provider's key. */
export class SearchFailed extends Error {
  override name = 'SearchFailed';
}

export interface SearchClientOptions {
  /** Per search (15 s by default). */
  timeoutMs?: number;
  /** Bytes of the provider's answer at most (2 MB by default). */
  maxBytes?: number;
}

const DEFAULTS = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024 };

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
// Lenient per result (one without a URL is dropped later, not the whole answer); strict on the shape.
const searxngSchema = z.object({
  results: z.array(z.object({ url: text, title: text, content: text })),
});
const braveSchema = z.object({
  web: z.object({ results: z.array(z.object({ url: text, title: text, description: text })) }).optional(),
});
const tavilySchema = z.object({
  results: z.array(z.object({ url: text, title: text, content: text })),
});

/** Only http(s) results, each URL once (its #fragment aside), at most `limit`. */
function clean(results: SearchResult[], limit: number): SearchResult[] {
  const seen = new Set<string>();
  const kept: SearchResult[] = [];
  for (const result of results) {
    let url: URL;
    try {
      url = new URL(result.url);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    kept.push({ url: url.href, title: result.title.trim(), snippet: result.snippet.trim() });
    if (kept.length >= limit) break;
  }
  return kept;
}

/** The answer's bytes, reading no more than `maxBytes` of them. */
async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  if (Number(res.headers.get('content-length')) > maxBytes) {
    await res.body?.cancel();
    throw new SearchFailed('La respuesta del buscador es demasiado grande.');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new SearchFailed('La respuesta del buscador es demasiado grande.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type Request = (url: string, init: RequestInit, signal: AbortSignal) => Promise<unknown>;

/** One request to the provider, as JSON, within its time and size; failures are Spanish SearchFailed. */
function jsonRequester({ timeoutMs, maxBytes }: Required<SearchClientOptions>): Request {
  return async (url, init, signal) => {
    const time = deadline(signal, timeoutMs);
    let body: Uint8Array;
    try {
      const res = await fetch(url, { ...init, signal: time.signal });
      if (!res.ok) {
        await res.body?.cancel();
        throw new SearchFailed(`El buscador respondió con un error (${res.status}).`);
      }
      body = await readCapped(res, maxBytes);
    } catch (error) {
      // The run's own stop propagates as the run's reason.
      if (signal.aborted) throw signal.reason;
      if (error instanceof SearchFailed) throw error;
      // Never the error's own text: it may quote the request, and the request may carry the key.
      throw new SearchFailed(
        time.passed() ? 'El buscador no respondió a tiempo.' : 'No se pudo conectar con el buscador.',
      );
    } finally {
      time.clear();
    }
    try {
      return JSON.parse(new TextDecoder().decode(body));
    } catch {
      throw new SearchFailed('El buscador respondió algo que no es JSON.');
    }
  };
}

function parse<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new SearchFailed('La respuesta del buscador no tiene el formato esperado.');
  return parsed.data;
}

const baseUrl = (configured: string | undefined, fallback: string) =>
  (configured ?? fallback).replace(/\/+$/, '');

/** SearXNG's JSON API (`format=json` must be enabled in its settings). */
function searxng(base: string, request: Request): SearchClient {
  return {
    async search(query, { limit, signal, locale }) {
      const params = new URLSearchParams({ q: query, format: 'json', language: locale?.language ?? 'es' });
      const data = parse(
        searxngSchema,
        await request(`${base}/search?${params}`, { headers: { accept: 'application/json' } }, signal),
      );
      return clean(
        data.results.map((r) => ({ url: r.url, title: r.title, snippet: r.content })),
        limit,
      );
    },
  };
}

/** Brave's Web Search API, aimed at the business's country and its language. */
function brave(base: string, key: string, request: Request): SearchClient {
  return {
    async search(query, { limit, signal, locale }) {
      const params = new URLSearchParams({
        q: query,
        count: String(Math.min(20, Math.max(1, limit))),
        country: locale?.brave ?? 'ALL',
        search_lang: braveLanguage(locale?.language ?? 'es'),
      });
      const data = parse(
        braveSchema,
        await request(
          `${base}/res/v1/web/search?${params}`,
          { headers: { accept: 'application/json', 'x-subscription-token': key } },
          signal,
        ),
      );
      return clean(
        (data.web?.results ?? []).map((r) => ({ url: r.url, title: r.title, snippet: r.description })),
        limit,
      );
    },
  };
}

/** Tavily's search API, boosting the business's country where Tavily knows it. */
function tavily(base: string, key: string, request: Request): SearchClient {
  return {
    async search(query, { limit, signal, locale }) {
      const data = parse(
        tavilySchema,
        await request(
          `${base}/search`,
          {
            method: 'POST',
            headers: {
              accept: 'application/json',
              'content-type': 'application/json',
              authorization: `Bearer ${key}`,
            },
            body: JSON.stringify({
              query,
              max_results: Math.min(20, Math.max(1, limit)),
              ...(locale?.tavily ? { topic: 'general', country: locale.tavily } : {}),
            }),
          },
          signal,
        ),
      );
      return clean(
        data.results.map((r) => ({ url: r.url, title: r.title, snippet: r.content })),
        limit,
      );
    },
  };
}

/**
 * The search provider SEARCH_PROVIDER names (architecture.md §1 'Research'), or null without one (research
 * then uses the model's own knowledge). Its address is the operator's configuration, so it may be on
 * loopback (a self-hosted SearXNG); only the pages a run reads go through the public-address guard.
 */
export function createSearchClient(env: Env, options: SearchClientOptions = {}): SearchClient | null {
  const request = jsonRequester({
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
  });
  const key = env.SEARCH_API_KEY ?? '';
  switch (env.SEARCH_PROVIDER) {
    case 'searxng':
      // env.ts requires SEARCH_BASE_URL for SearXNG.
      return searxng(baseUrl(env.SEARCH_BASE_URL, ''), request);
    case 'brave':
      return brave(baseUrl(env.SEARCH_BASE_URL, 'https://api.search.brave.com'), key, request);
    case 'tavily':
      return tavily(baseUrl(env.SEARCH_BASE_URL, 'https://api.tavily.com'), key, request);
    default:
      return null;
  }
}
