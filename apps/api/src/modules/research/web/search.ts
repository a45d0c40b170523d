import { z } from 'zod';
import type { Env } from '../../../env.ts';

export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
}

export interface SearchClient {
  search(query: string, options: { limit: number; signal: AbortSignal }): Promise<SearchResult[]>;
}

/** A search that could not be done; its message is Spanish and never carries the provider's key. */
export class SearchFailed extends Error {}

const SEARCH_TIMEOUT_MS = 15_000;
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

const searxngSchema = z.object({
  results: z.array(
    z.object({ url: z.string(), title: z.string().default(''), content: z.string().default('') }),
  ),
});
const braveSchema = z.object({
  web: z
    .object({
      results: z.array(
        z.object({ url: z.string(), title: z.string().default(''), description: z.string().default('') }),
      ),
    })
    .default({ results: [] }),
});
const tavilySchema = z.object({
  results: z.array(
    z.object({ url: z.string(), title: z.string().default(''), content: z.string().default('') }),
  ),
});

/** Only http(s) results, each URL once, at most `limit`. */
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

async function getJson(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      signal: AbortSignal.any([signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SearchFailed('El buscador no respondió a tiempo.');
  }
  if (!res.ok) throw new SearchFailed(`El buscador respondió con un error (${res.status}).`);
  const body = await res.arrayBuffer();
  if (body.byteLength > MAX_RESPONSE_BYTES)
    throw new SearchFailed('La respuesta del buscador es demasiado grande.');
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new SearchFailed('El buscador respondió algo que no es JSON.');
  }
}

function parse<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new SearchFailed('La respuesta del buscador no tiene el formato esperado.');
  return parsed.data;
}

/**
 * The search provider SEARCH_PROVIDER names (ARCHITECTURE §1 'Research'), or null without one (research
 * then uses the model's own knowledge). Its address is the operator's configuration, so it may be on
 * loopback (a self-hosted SearXNG); only the pages a run reads go through the public-address guard.
 */
export function createSearchClient(env: Env): SearchClient | null {
  const key = env.SEARCH_API_KEY ?? '';
  switch (env.SEARCH_PROVIDER) {
    case 'searxng': {
      const base = (env.SEARCH_BASE_URL as string).replace(/\/+$/, '');
      return {
        async search(query, { limit, signal }) {
          const url = `${base}/search?${new URLSearchParams({ q: query, format: 'json', language: 'es' })}`;
          const data = parse(
            searxngSchema,
            await getJson(url, { headers: { accept: 'application/json' } }, signal),
          );
          return clean(
            data.results.map((r) => ({ url: r.url, title: r.title, snippet: r.content })),
            limit,
          );
        },
      };
    }
    case 'brave': {
      const base = (env.SEARCH_BASE_URL ?? 'https://api.search.brave.com').replace(/\/+$/, '');
      return {
        async search(query, { limit, signal }) {
          const params = new URLSearchParams({
            q: query,
            count: String(Math.min(20, limit)),
            search_lang: 'es',
          });
          const data = parse(
            braveSchema,
            await getJson(
              `${base}/res/v1/web/search?${params}`,
              { headers: { accept: 'application/json', 'x-subscription-token': key } },
              signal,
            ),
          );
          return clean(
            data.web.results.map((r) => ({ url: r.url, title: r.title, snippet: r.description })),
            limit,
          );
        },
      };
    }
    case 'tavily': {
      const base = (env.SEARCH_BASE_URL ?? 'https://api.tavily.com').replace(/\/+$/, '');
      return {
        async search(query, { limit, signal }) {
          const data = parse(
            tavilySchema,
            await getJson(
              `${base}/search`,
              {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
                body: JSON.stringify({ query, max_results: limit }),
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
    default:
      return null;
  }
}
