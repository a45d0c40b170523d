import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../web/precompress.ts';
import { chatOwner, newChat } from '../test/chat-owner.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';

// What a browser that accepts compression gets: the build's brotli copies, the page compressed, large JSON
// compressed, and a streamed answer that still arrives as the model writes it.

const ANSWER = 'Primero valida la demanda con veinte entrevistas y después fija un precio de prueba.';
const SCRIPT = 'export const plan = "valida la demanda";\n'.repeat(200);

let distDir: string;
let fake: FakeOpenAI;
let t: TestHttpServer;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Rumbo</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
  // What `npm run build` does to the web app's output.
  await precompressDir(distDir);
  fake = await startFakeOpenAI({
    script: (body) =>
      body.stream ? { tokens: tokenize(ANSWER), tokenDelayMs: 60 } : { tokens: ['Validar la demanda'] },
  });
  t = await startTestHttpServer(
    { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.url, AI_MODEL: 'fake-mentor', API_DOCS: 'true' },
    { webDistDir: distDir },
  );
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('compressed responses', () => {
  it('serves a built script as brotli to a browser that accepts it, gzip to one that only takes gzip', async () => {
    const br = await t.fetch('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(SCRIPT);

    const gz = await t.fetch('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(SCRIPT);

    const plain = await t.fetch('/assets/index-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('compresses the page and has it revalidated', async () => {
    const res = await t.fetch('/register', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Rumbo</title>');
  });

  it('gzips a large JSON answer and leaves a small one as it is', async () => {
    const large = await t.fetch('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('vary')).toContain('Accept-Encoding');
    expect(((await large.json()) as { openapi: string }).openapi).toMatch(/^3\./);

    const small = await t.fetch('/api/health', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ status: 'ok' });
  });

  it('streams an answer piece by piece, uncompressed, to a client that accepts compression', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 600 });
    const chatId = await newChat(t, who);
    const res = await t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ content: '¿Por dónde empiezo?', client_message_id: crypto.randomUUID() }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const pieces: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pieces.push(decoder.decode(read.value, { stream: true }));
    }
    expect(pieces.join('')).toBe(ANSWER);
    // A compressor that buffered would hand over the whole answer at its end, in one piece.
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces[0]?.length).toBeLessThan(ANSWER.length / 2);
  });
});
