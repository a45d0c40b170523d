import { setTimeout as pause } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUT_PAGE,
  type FakeWebPages,
  HUGE_PAGE,
  LARGE_PAGE,
  SLOW_PAGE,
  STALLED_PAGE,
  startFakeWebPages,
} from '../../../test/fakes/web-pages.ts';
import { createPageFetcher, type PageFetcher, PageRefused } from './fetch-page.ts';

/**
 * The web pages a research run reads (ADR 0016): only on public addresses, redirects included, within
 * a time and a size, HTML or text only, as readable text.
 */
const ARTICLE = `<!doctype html><html><head><title>El mercado del café en España</title>
  <script>window.rastreo = "no es texto";</script></head><body>
  <nav>Inicio · Noticias · Contacto</nav>
  <article><h1>El mercado del café en España</h1>
  <p>El consumo de café de especialidad creció un 12 % en 2025 según la asociación del sector, y ya hay más de
  800 cafeterías de especialidad en el país, concentradas en Madrid, Barcelona y Valencia.</p>
  <p>El precio medio de un café con leche en una cafetería de especialidad es de 2,60 euros, frente a 1,80
  euros en una cafetería tradicional.</p></article>
  <footer>Aviso legal</footer></body></html>`;
const PRIVATE = 'apunta a una red privada o local y no se consulta';

let pages: FakeWebPages;
const signal = () => new AbortController().signal;
const withSwitch = createPageFetcher({ allowLoopback: true });
const withoutSwitch = createPageFetcher({ allowLoopback: false });
const refusal = (fetcher: PageFetcher, url: string, given = signal()) =>
  fetcher(url, given).then(
    () => null,
    (error: unknown) => error as Error,
  );
const visitsTo = (path: string) => pages.visits.filter((visit) => visit === path).length;

beforeAll(async () => {
  pages = await startFakeWebPages({
    pages: {
      '/cafe': { html: ARTICLE },
      '/notas.txt': { text: 'Notas   del sector\n\n\n\ncon espacios' },
      '/latin1': {
        bytes: Buffer.from(
          '<html><head><meta charset="iso-8859-1"><title>Año de la piña</title></head><body><p>Señal</p></body></html>',
          'latin1',
        ),
      },
      '/imagen': { html: 'x', contentType: 'image/png' },
      '/sin-tipo': { html: '<p>x</p>', contentType: '' },
      '/gzip-roto': { html: 'esto no es gzip', headers: { 'content-encoding': 'gzip' } },
      '/zstd': { html: 'x', headers: { 'content-encoding': 'zstd' } },
    },
    redirects: {
      '/a-cafe': '/cafe',
      '/a-privada': 'http://10.0.0.1/admin',
      '/a-metadatos': 'http://169.254.169.254/latest/meta-data/',
      '/a-mapeada': 'http://[::ffff:127.0.0.1]/cafe',
      '/a-ftp': 'ftp://ejemplo.es/fichero',
      '/bucle': '/bucle',
    },
  });
});
afterAll(async () => {
  await pages?.close();
});

describe('reading a page', () => {
  it('gives the readable text and title of an HTML page, without menus or scripts, at its final address', async () => {
    const page = await withSwitch(`${pages.url}/a-cafe`, signal());
    expect(page.url).toBe(`${pages.url}/cafe`);
    expect(page.title).toBe('El mercado del café en España');
    expect(page.text).toContain('creció un 12 % en 2025');
    expect(page.text).toContain('2,60 euros');
    expect(page.text).not.toContain('Aviso legal');
    expect(page.text).not.toContain('rastreo');
  });

  it('reads plain text as it is, with its spaces tidied, and the charset a page declares', async () => {
    expect((await withSwitch(`${pages.url}/notas.txt`, signal())).text).toBe(
      'Notas del sector\n\ncon espacios',
    );
    const latin = await withSwitch(`${pages.url}/latin1`, signal());
    expect(latin.title).toBe('Año de la piña');
    expect(latin.text).toBe('Señal');
  });

  it('keeps at most 20,000 characters of a page’s text', async () => {
    const long = await startFakeWebPages({ pages: { '/larga': { text: 'palabra '.repeat(10_000) } } });
    try {
      expect((await withSwitch(`${long.url}/larga`, signal())).text).toHaveLength(20_000);
    } finally {
      await long.close();
    }
  });
});

describe('the address guard', () => {
  it('refuses loopback without the test switch, also under a name that resolves to it, before connecting', async () => {
    const before = visitsTo('/cafe');
    for (const url of [`${pages.url}/cafe`, `${pages.url.replace('127.0.0.1', 'localhost')}/cafe`]) {
      const error = await refusal(withoutSwitch, url);
      expect(error).toBeInstanceOf(PageRefused);
      expect(error?.message).toContain(PRIVATE);
    }
    expect(visitsTo('/cafe')).toBe(before);
  });

  it('with the switch, refuses private, link-local, unique-local and mapped addresses', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.5.4:8080/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      // The URL parser's other spellings of 10.0.0.1.
      'http://167772161/',
      'http://0x0a.0.0.1/',
    ]) {
      const error = await refusal(withSwitch, url);
      expect(error, url).toBeInstanceOf(PageRefused);
      expect(error?.message, url).toContain(PRIVATE);
    }
  });

  it('checks every redirect again: one to a private, metadata or mapped address is refused before connecting', async () => {
    for (const path of ['/a-privada', '/a-metadatos', '/a-mapeada']) {
      const error = await refusal(withSwitch, `${pages.url}${path}`);
      expect(error, path).toBeInstanceOf(PageRefused);
      // A refusal after trying to connect would be a timeout or a failed read instead.
      expect(error?.message, path).toContain(PRIVATE);
    }
    expect((await refusal(withSwitch, `${pages.url}/a-ftp`))?.message).toBe(
      'Solo se leen páginas http o https.',
    );
  });

  it('refuses other schemes and addresses with credentials', async () => {
    expect((await refusal(withSwitch, 'file:///etc/passwd'))?.message).toBe(
      'Solo se leen páginas http o https.',
    );
    expect((await refusal(withSwitch, `${pages.url.replace('//', '//yo:clave@')}/cafe`))?.message).toBe(
      'La dirección lleva credenciales y no se consulta.',
    );
  });
});

describe('limits', () => {
  it('refuses what is too big (once decoded, or as declared), not text, undecodable, looping or failing', async () => {
    const cases = [
      [HUGE_PAGE, 'La página es demasiado grande para leerla.'],
      [LARGE_PAGE, 'La página es demasiado grande para leerla.'],
      ['/imagen', 'La página no es texto ni HTML.'],
      ['/sin-tipo', 'La página no es texto ni HTML.'],
      ['/bucle', 'La página redirige demasiadas veces.'],
      ['/no-existe', 'La página respondió con un error (404).'],
      [CUT_PAGE, 'La página no se pudo leer.'],
      ['/gzip-roto', 'La página no se pudo descomprimir.'],
      ['/zstd', 'La página usa una compresión que no se sabe leer.'],
    ] as const;
    for (const [path, message] of cases) {
      const error = await refusal(withSwitch, `${pages.url}${path}`);
      expect(error, path).toBeInstanceOf(PageRefused);
      expect(error?.message, path).toBe(message);
    }
  });

  it('gives up on a page slow to answer or stalled halfway, within its time, garbage collection or not', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collectGarbage = vm.runInNewContext('gc') as () => void;
    const impatient = createPageFetcher({ allowLoopback: true, timeoutMs: 300 });
    for (const path of [SLOW_PAGE, STALLED_PAGE]) {
      let settled = false;
      const pending = refusal(impatient, `${pages.url}${path}`).finally(() => {
        settled = true;
      });
      while (!settled) {
        collectGarbage();
        await pause(10);
      }
      const error = await pending;
      expect(error, path).toBeInstanceOf(PageRefused);
      expect(error?.message, path).toBe('La página tardó demasiado en responder.');
    }
  });

  it('stops when the run stops, as the run’s own abort and not as a refused page', async () => {
    const controller = new AbortController();
    const pending = refusal(withSwitch, `${pages.url}${STALLED_PAGE}`, controller.signal);
    controller.abort(new Error('parada'));
    const error = await pending;
    expect(error).not.toBeInstanceOf(PageRefused);
    expect(error?.message).toBe('parada');
  });
});
