import { countryProfile } from '@rumbo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { type FakeSearch, type SearchFlavor, startFakeSearch } from '../../../test/fakes/search.ts';
import { createSearchClient, SearchFailed, type SearchResult } from './search.ts';

/** The search providers a research run asks (ADR 0016): SearXNG, Brave and Tavily over their JSON APIs. */
const results = (query: string): SearchResult[] => [
  { url: 'https://cafe.example/mercado', title: `Café: ${query}`, snippet: ' Crece un 12 % ' },
  { url: 'https://cafe.example/mercado#arriba', title: 'Repetida', snippet: '' },
  { url: 'javascript:alert(1)', title: 'Mala', snippet: '' },
  { url: 'ftp://cafe.example/fichero', title: 'FTP', snippet: '' },
  { url: 'no es una dirección', title: 'Rota', snippet: '' },
  { url: 'http://precios.example/cafe', title: 'Precios', snippet: 'Desde 1,80 euros' },
  { url: 'https://tercera.example/', title: 'Tercera', snippet: '' },
];
const EXPECTED = [
  { url: 'https://cafe.example/mercado', title: 'Café: precio café', snippet: 'Crece un 12 %' },
  { url: 'http://precios.example/cafe', title: 'Precios', snippet: 'Desde 1,80 euros' },
];

const fakes = {} as Record<SearchFlavor, FakeSearch>;
const KEY = 'clave-secreta-123';
const signal = () => new AbortController().signal;
const client = (flavor: SearchFlavor, options?: { timeoutMs?: number }) =>
  createSearchClient(
    loadEnv({ SEARCH_PROVIDER: flavor, SEARCH_BASE_URL: `${fakes[flavor].url}/`, SEARCH_API_KEY: KEY }),
    options,
  );
const failure = (promise: Promise<unknown> | undefined) =>
  promise?.then(
    () => null,
    (e: unknown) => e,
  );

beforeAll(async () => {
  for (const flavor of ['searxng', 'brave', 'tavily'] as const) {
    fakes[flavor] = await startFakeSearch({ flavor, results });
  }
});
afterAll(async () => {
  for (const fake of Object.values(fakes)) await fake?.close();
});

describe('search providers', () => {
  it('asks SearXNG for Spanish JSON and keeps each http(s) result once, up to the limit', async () => {
    const found = await client('searxng')?.search('precio café', { limit: 2, signal: signal() });
    expect(found).toEqual(EXPECTED);
    expect(fakes.searxng.requests.at(-1)?.params).toMatchObject({
      q: 'precio café',
      format: 'json',
      language: 'es',
    });
  });

  it('reads Brave’s answer shape, sending its key in the header it expects', async () => {
    const found = await client('brave')?.search('precio café', { limit: 5, signal: signal() });
    expect(found).toEqual([...EXPECTED, { url: 'https://tercera.example/', title: 'Tercera', snippet: '' }]);
    const asked = fakes.brave.requests.at(-1);
    expect(asked?.headers['x-subscription-token']).toBe(KEY);
    // No country named: Spanish results from anywhere (a run always names its business's country).
    expect(asked?.params).toMatchObject({ q: 'precio café', search_lang: 'es', country: 'ALL' });
  });

  it('aims each provider at the business’s country and language (ADR 0051)', async () => {
    const mexico = countryProfile('México');
    const uruguay = countryProfile('Uruguay');
    await client('searxng')?.search('precio café', { limit: 2, signal: signal(), locale: mexico });
    expect(fakes.searxng.requests.at(-1)?.params).toMatchObject({ language: 'es-MX' });
    await client('brave')?.search('precio café', { limit: 2, signal: signal(), locale: mexico });
    expect(fakes.brave.requests.at(-1)?.params).toMatchObject({ country: 'MX', search_lang: 'es' });
    await client('tavily')?.search('precio café', { limit: 2, signal: signal(), locale: uruguay });
    expect(fakes.tavily.requests.at(-1)?.params).toMatchObject({ country: uruguay.tavily });
    expect(uruguay.tavily).toBe('uruguay');
    // A country Brave's API does not list is searched everywhere, in its language.
    const guinea = countryProfile('Guinea Ecuatorial');
    await client('brave')?.search('precio café', { limit: 2, signal: signal(), locale: guinea });
    expect(fakes.brave.requests.at(-1)?.params).toMatchObject({ country: 'ALL', search_lang: 'es' });
  });

  it('posts to Tavily with a bearer key and the number of results wanted', async () => {
    const found = await client('tavily')?.search('precio café', { limit: 2, signal: signal() });
    expect(found).toEqual(EXPECTED);
    const asked = fakes.tavily.requests.at(-1);
    expect(asked?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(asked?.params).toEqual({ query: 'precio café', max_results: 2 });
  });

  it('is absent without a provider', () => {
    expect(createSearchClient(loadEnv({}))).toBeNull();
  });

  it('turns a broken, failing or silent provider into a Spanish failure that never shows the key', async () => {
    const answers = [
      ['not-json', 'El buscador respondió algo que no es JSON.'],
      ['error', 'El buscador respondió con un error (500).'],
      ['silence', 'El buscador no respondió a tiempo.'],
    ] as const;
    try {
      for (const [answer, message] of answers) {
        fakes.brave.answer = answer;
        const error = await failure(
          client('brave', { timeoutMs: 300 })?.search('x', { limit: 3, signal: signal() }),
        );
        expect(error).toBeInstanceOf(SearchFailed);
        expect((error as Error).message).toBe(message);
      }
    } finally {
      fakes.brave.answer = 'results';
    }
    const unreachable = createSearchClient(
      loadEnv({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: `http://127.0.0.1:1/?key=${KEY}` }),
    );
    const error = await failure(unreachable?.search('x', { limit: 3, signal: signal() }));
    expect(error).toBeInstanceOf(SearchFailed);
    expect((error as Error).message).toBe('No se pudo conectar con el buscador.');
    expect((error as Error).message).not.toContain(KEY);
  });

  it('stops when the run stops, as the run’s own abort and not as a provider failure', async () => {
    fakes.searxng.answer = 'silence';
    try {
      const controller = new AbortController();
      const pending = failure(client('searxng')?.search('x', { limit: 3, signal: controller.signal }));
      controller.abort(new Error('parada'));
      const error = await pending;
      expect(error).not.toBeInstanceOf(SearchFailed);
      expect((error as Error).message).toBe('parada');
    } finally {
      fakes.searxng.answer = 'results';
    }
  });
});
