import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { type FakeSearch, startFakeSearch } from '../../../test/fakes/search.ts';
import { type FakeWebPages, HUGE_PAGE, SLOW_PAGE, startFakeWebPages } from '../../../test/fakes/web-pages.ts';
import { createPageFetcher, isPublicAddress, PageRefused } from './fetch-page.ts';
import { createSearchClient, SearchFailed } from './search.ts';

/**
 * What a research run reads from outside (issue 14): search providers' JSON, and web pages only on
 * public addresses, within a time and a size, as readable text.
 */
const ARTICLE = `<!doctype html><html><head><title>El mercado del café en España</title></head><body>
  <nav>Inicio · Noticias · Contacto</nav>
  <article><h1>El mercado del café en España</h1>
  <p>El consumo de café de especialidad creció un 12 % en 2025 según la asociación del sector, y ya hay más de
  800 cafeterías de especialidad en el país, concentradas en Madrid, Barcelona y Valencia.</p>
  <p>El precio medio de un café con leche en una cafetería de especialidad es de 2,60 euros, frente a 1,80
  euros en una cafetería tradicional.</p></article>
  <footer>Aviso legal</footer></body></html>`;

let pages: FakeWebPages;
let searxng: FakeSearch;
let brave: FakeSearch;
const signal = () => new AbortController().signal;

beforeAll(async () => {
  pages = await startFakeWebPages({
    pages: {
      '/cafe': { html: ARTICLE },
      '/notas.txt': { text: 'Notas   del sector\n\n\n\ncon espacios' },
      '/imagen': { html: 'x', contentType: 'image/png' },
    },
    redirects: {
      '/a-privada': 'http://10.0.0.1/admin',
      '/a-metadatos': 'http://169.254.169.254/latest/meta-data/',
      '/a-cafe': '/cafe',
      '/bucle': '/bucle',
    },
  });
  const results = (query: string) => [
    { url: `${pages.url}/cafe`, title: `Café: ${query}`, snippet: 'Crece un 12 %' },
    { url: `${pages.url}/cafe#arriba`, title: 'Repetida', snippet: '' },
    { url: 'javascript:alert(1)', title: 'Mala', snippet: '' },
    { url: 'ftp://ejemplo.es/fichero', title: 'FTP', snippet: '' },
  ];
  searxng = await startFakeSearch({ flavor: 'searxng', results });
  brave = await startFakeSearch({ flavor: 'brave', results });
});
afterAll(async () => {
  await pages?.close();
  await searxng?.close();
  await brave?.close();
});

describe('search providers', () => {
  it('asks SearXNG for JSON and keeps each http(s) result once', async () => {
    const client = createSearchClient(loadEnv({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: searxng.url }));
    const found = await client?.search('cafeterías de especialidad', { limit: 5, signal: signal() });
    expect(found).toEqual([
      { url: `${pages.url}/cafe`, title: 'Café: cafeterías de especialidad', snippet: 'Crece un 12 %' },
    ]);
    expect(searxng.queries).toContain('cafeterías de especialidad');
  });

  it('reads Brave’s answer shape', async () => {
    const client = createSearchClient(
      loadEnv({ SEARCH_PROVIDER: 'brave', SEARCH_BASE_URL: brave.url, SEARCH_API_KEY: 'clave' }),
    );
    const found = await client?.search('precio café', { limit: 5, signal: signal() });
    expect(found?.map((r) => r.title)).toEqual(['Café: precio café']);
  });

  it('is absent without a provider, and a broken answer is a Spanish failure without the key', async () => {
    expect(createSearchClient(loadEnv({}))).toBeNull();
    const client = createSearchClient(
      loadEnv({
        SEARCH_PROVIDER: 'tavily',
        SEARCH_BASE_URL: `${pages.url}/imagen#`,
        SEARCH_API_KEY: 'secreta',
      }),
    );
    const failure = await client?.search('x', { limit: 3, signal: signal() }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SearchFailed);
    expect((failure as Error).message).toMatch(/^El buscador/);
    expect((failure as Error).message).not.toContain('secreta');
  });
});

describe('reading a page', () => {
  const withSwitch = createPageFetcher({ allowLoopback: true, timeoutMs: 1_000 });
  const withoutSwitch = createPageFetcher({ allowLoopback: false });
  const refusal = (fetcher: typeof withSwitch, url: string) =>
    fetcher(url, signal()).then(
      () => null,
      (error: unknown) => error,
    );

  it('gives the readable text and title of an HTML page, without its menus', async () => {
    const page = await withSwitch(`${pages.url}/a-cafe`, signal());
    expect(page.url).toBe(`${pages.url}/cafe`);
    expect(page.title).toBe('El mercado del café en España');
    expect(page.text).toContain('creció un 12 % en 2025');
    expect(page.text).toContain('2,60 euros');
    expect(page.text).not.toContain('Aviso legal');
  });

  it('reads plain text as it is, with its spaces tidied', async () => {
    expect((await withSwitch(`${pages.url}/notas.txt`, signal())).text).toBe(
      'Notas del sector\n\ncon espacios',
    );
  });

  it('refuses loopback without the test switch, also when a name resolves to it', async () => {
    for (const url of [`${pages.url}/cafe`, `${pages.url.replace('127.0.0.1', 'localhost')}/cafe`]) {
      const error = await refusal(withoutSwitch, url);
      expect(error).toBeInstanceOf(PageRefused);
      expect((error as Error).message).toContain('red privada o local');
    }
    expect(pages.visits.filter((v) => v === '/cafe')).toHaveLength(1);
  });

  it('refuses private, link-local and mapped addresses even with the switch, and redirects to them', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:10.0.0.1]/',
      'http://[fd00::1]/',
      `${pages.url}/a-privada`,
      `${pages.url}/a-metadatos`,
    ]) {
      expect(await refusal(withSwitch, url)).toBeInstanceOf(PageRefused);
    }
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('100.64.0.1', true)).toBe(false);
  });

  it('refuses what is too big once decoded, too slow, not text, or redirecting without end', async () => {
    const messages = await Promise.all(
      [HUGE_PAGE, SLOW_PAGE, '/imagen', '/bucle', '/no-existe'].map(async (path) => {
        const error = await refusal(withSwitch, `${pages.url}${path}`);
        expect(error).toBeInstanceOf(PageRefused);
        return (error as Error).message;
      }),
    );
    expect(messages).toEqual([
      'La página es demasiado grande para leerla.',
      'La página tardó demasiado en responder.',
      'La página no es texto ni HTML.',
      'La página redirige demasiadas veces.',
      'La página respondió con un error (404).',
    ]);
    expect(await refusal(withSwitch, 'file:///etc/passwd')).toBeInstanceOf(PageRefused);
  });
});
