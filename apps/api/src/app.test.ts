import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from './app.ts';
import { createTestApp, signUp, TEST_PUBLIC_URL, type TestApp } from './test/app.ts';
import { startTestHttpServer, type TestHttpServer } from './test/http-server.ts';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    [
      '<!doctype html><html lang="es"><head><title>Rumbo</title>',
      // As the build writes them (apps/web/preload-routes.ts): the root's code, and the login screen's own.
      '    <link rel="modulepreload" crossorigin href="/assets/start-abc123.js">',
      '    <link rel="modulepreload" crossorigin href="/assets/login-abc123.js" data-signed-out>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ PRODUCT_NAME: 'Brújula <Pro>' }, { webDistDir: distDir });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('API basics', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Esta ruta de la API no existe' });
  });

  it('refuses a JSON body over the limit with 413 and a Spanish message', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT + 10) });
    const res = await t.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'El contenido enviado es demasiado grande',
    });
  });

  it('sends security headers on API and page responses', async () => {
    for (const url of ['/api/health', '/chats', '/api/no-such-thing']) {
      const res = await t.request(url);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const policy = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial']) {
        expect(policy).toContain(`${feature}=()`);
      }
      // The copy buttons' clipboard keeps the browser's default (this origin).
      expect(policy).not.toContain('clipboard');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('announces HSTS only when the app is served over https', async () => {
    expect((await t.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const secure = await createTestApp({ PUBLIC_URL: 'https://rumbo.example' });
    const hsts = (await secure.request('/api/health')).headers.get('strict-transport-security');
    await secure.close();
    expect(hsts).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves no API documentation with API_DOCS=false, nor by default in production', async () => {
    const settings: Array<Record<string, string>> = [{ API_DOCS: 'false' }, { NODE_ENV: 'production' }];
    for (const overrides of settings) {
      const closed = await createTestApp(overrides);
      const statuses = [
        (await closed.request('/api/docs')).status,
        (await closed.request('/api/openapi.json')).status,
      ];
      await closed.close();
      expect(statuses).toEqual([404, 404]);
    }
  });

  it('publishes the OpenAPI document and a docs page served without external assets', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, { get?: unknown }>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health']?.get).toBeDefined();

    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const bundle = await t.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it('passes the feedback and tutorial addresses to the browser when configured', async () => {
    const configured = await createTestApp({
      FEEDBACK_URL: 'mailto:hola@rumbo.example',
      TUTORIAL_VIDEO_URL: 'https://videos.example/rumbo',
    });
    expect(await (await configured.request('/api/config')).json()).toMatchObject({
      feedbackUrl: 'mailto:hola@rumbo.example',
      tutorialVideoUrl: 'https://videos.example/rumbo',
    });
    await configured.close();
  });

  it('exposes the public configuration', async () => {
    expect(await (await t.request('/api/config')).json()).toEqual({
      productName: 'Brújula <Pro>',
      googleEnabled: false,
      // No search provider configured: research runs on the model's knowledge (docs/decisions/0049).
      researchSources: 'model',
    });
  });
});

describe('the SPA', () => {
  it('serves index.html for client routes, with the product name as title and the public config', async () => {
    for (const route of ['/', '/chats', '/chat/idea/3', '/profile/sub']) {
      const res = await t.request(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<title>Brújula &lt;Pro&gt;</title>');
      expect(html).toContain('name="rumbo-config"');
      expect(html).toContain('&quot;productName&quot;:&quot;Brújula &lt;Pro&gt;&quot;');
    }
  });

  it('marks the page of a request without a session cookie as signed out, and only that one', async () => {
    const SIGNED_OUT = '<meta name="rumbo-signed-out" />';
    const visitor = await t.request('/login');
    expect(await visitor.text()).toContain(SIGNED_OUT);
    expect(visitor.headers.get('vary')).toContain('Cookie');
    // Another site's cookies say nothing of a session.
    const other = await t.request('/login', { headers: { cookie: 'theme=dark; _ga=GA1.1' } });
    expect(await other.text()).toContain(SIGNED_OUT);

    const { cookie } = await signUp(t, {
      name: 'Ana',
      email: 'ana.spa@example.com',
      password: 'clave-segura-1',
    });
    expect(cookie).toContain('rumbo.session_token=');
    const signedIn = await t.request('/chats', { headers: { cookie } });
    const html = await signedIn.text();
    expect(html).toContain('name="rumbo-config"');
    expect(html).not.toContain('rumbo-signed-out');
    // A cookie that is no longer good is still a cookie: the app asks the server, which says signed out.
    const stale = await t.request('/chats', { headers: { cookie: 'rumbo.session_token=gone.sig' } });
    expect(await stale.text()).not.toContain('rumbo-signed-out');
  });

  it("preloads the login screen's code for a visitor only, and the root's for everyone", async () => {
    const LOGIN = '<link rel="modulepreload" crossorigin href="/assets/login-abc123.js" data-signed-out>';
    const ROOT = '<link rel="modulepreload" crossorigin href="/assets/start-abc123.js">';
    const visitor = await (await t.request('/login')).text();
    expect(visitor).toContain(LOGIN);
    expect(visitor).toContain(ROOT);
    const { cookie } = await signUp(t, {
      name: 'Luis',
      email: 'luis.spa@example.com',
      password: 'clave-segura-1',
    });
    const signedIn = await (await t.request('/chat/idea/1', { headers: { cookie } })).text();
    expect(signedIn).not.toContain('login-abc123.js');
    expect(signedIn).toContain(ROOT);
    expect(signedIn).toContain('<div id="root"></div>');
  });

  it('serves hashed assets with long caching and a 404 for a missing one', async () => {
    const asset = await t.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.request('/assets/index-gone.js')).status).toBe(404);
    expect((await t.request('/favicon.svg')).status).toBe(200);
  });
});

describe('when the database stops answering', () => {
  it('health answers 503', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable' });
    await other.close();
  });
});

describe('JSON body limit on the Node server', () => {
  let server: TestHttpServer;
  beforeAll(async () => {
    server = await startTestHttpServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Posts `size` bytes of JSON, declared up front or sent in chunks (no length), over real HTTP. */
  function post(size: number, declared: boolean): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify({ text: 'x'.repeat(size) });
      const req = http.request(`${server.url}/api/health`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_PUBLIC_URL,
          ...(declared ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => {
          text += part;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      // The server may answer 413 and close before the whole body is written.
      req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024));
      req.end();
    });
  }

  it('refuses an over-limit body whether its length is declared or it comes in chunks', async () => {
    for (const declared of [true, false]) {
      const res = await post(JSON_BODY_LIMIT + 10, declared);
      expect(res.status, declared ? 'declared' : 'chunked').toBe(413);
      expect(JSON.parse(res.body).code).toBe('PAYLOAD_TOO_LARGE');
    }
  });
});
