/**
 * The hostile-files gate (README, Security): each hostile file is uploaded through the real HTTP server, as a
 * chat attachment (the PNG also as a logo), while /api/health is asked every 100 ms. Each must be
 * refused or read within its limits, with a Spanish message naming it; the server must answer its
 * health within a second throughout, and go on serving other users.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type ChatOwner, chatOwner, newChat } from '../../test/chat-owner.ts';
import { makeDocxBomb, makeFlateBombPdf, makePageTreeBombPdf, makePngBomb } from '../../test/documents.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../../test/http-server.ts';
import { PDF_MAX_PAGES } from './extract/limits.ts';

const ANSWER = 'Vamos a repasar tu plan paso a paso, con calma y con números.';

let fake: FakeOpenAI;
let t: TestHttpServer;
let owner: ChatOwner;
let chatId: number;
const tally = { tried: 0, held: 0, healthMaxMs: 0 };

beforeAll(async () => {
  fake = await startFakeOpenAI({
    script: (body) =>
      body.stream ? { tokens: tokenize(ANSWER), tokenDelayMs: 20 } : { tokens: ['Un título'] },
  });
  t = await startTestHttpServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-mentor',
  });
  owner = await chatOwner(t, { planId: 7, credits: 600 });
  chatId = await newChat(t, owner);
});
afterAll(async () => {
  console.log(
    `hostile files: ${tally.tried} tried, ${tally.held} refused or bounded, health max ${tally.healthMaxMs} ms`,
  );
  await t?.close();
  await fake?.close();
});

/** Asks /api/health every 100 ms until stopped; resolves with the slowest answer's time. */
function watchHealth(): { stop(): Promise<number> } {
  let running = true;
  let slowest = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await t.fetch('/api/health');
      await res.body?.cancel();
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  // A failed health check is reported by stop(), not as an unhandled rejection meanwhile.
  loop.catch(() => {});
  return {
    stop: async () => {
      running = false;
      await loop;
      return Math.round(slowest);
    },
  };
}

/** Sends a chat message with `files` (name and bytes) attached. */
function sendFiles(who: ChatOwner, chat: number, files: Array<[name: string, data: Uint8Array]>) {
  const form = new FormData();
  form.append('content', 'Échale un vistazo a este archivo');
  form.append('client_message_id', crypto.randomUUID());
  for (const [name, data] of files) form.append('files', new Blob([data]), name);
  return t.fetch(`/api/businesses/${who.businessId}/chats/${chat}/messages/stream`, {
    method: 'POST',
    headers: { cookie: who.cookie },
    body: form,
  });
}

const sendFile = (who: ChatOwner, chat: number, name: string, data: Uint8Array) =>
  sendFiles(who, chat, [[name, data]]);

/** Uploads while watching health; the upload's status and body, and the slowest health answer. */
async function hostile(upload: () => Promise<Response>) {
  const health = watchHealth();
  const res = await upload();
  const body = await res.text();
  const healthMs = await health.stop();
  tally.tried += 1;
  tally.healthMaxMs = Math.max(tally.healthMaxMs, healthMs);
  expect(healthMs).toBeLessThan(1_000);
  return { status: res.status, body };
}

/** A refusal: the expected status and a Spanish message that names the file. */
function expectRefused(result: { status: number; body: string }, status: number[], name: string) {
  expect(status).toContain(result.status);
  const error = JSON.parse(result.body) as { code: string; message: string };
  expect(error.message).toContain(`«${name}»`);
  tally.held += 1;
  return error.message;
}

describe('hostile files', () => {
  it('reads only the first pages of a PDF whose page tree lists one page 30,000 times', async () => {
    const result = await hostile(() => sendFile(owner, chatId, 'arbol.pdf', makePageTreeBombPdf()));
    expect(result.status).toBe(200);
    expect(result.body).toBe(ANSWER);
    const [row] = await queryRows<{ extracted_text: string }>(
      t.database.db,
      sql`select extracted_text from attachments where name = 'arbol.pdf'`,
    );
    expect(row?.extracted_text.match(/Una página repetida/g)).toHaveLength(PDF_MAX_PAGES);
    tally.held += 1;
  }, 120_000);

  it('refuses a PDF whose content stream inflates to a 100 MB string', async () => {
    const pdf = await makeFlateBombPdf(100);
    const result = await hostile(() => sendFile(owner, chatId, 'flate.pdf', pdf));
    expect(expectRefused(result, [413, 422], 'flate.pdf')).toMatch(/demasiado/);
  }, 120_000);

  it('refuses a DOCX whose document inflates to 200 MB, and one whose zip lies about it', async () => {
    const honest = await hostile(async () => sendFile(owner, chatId, 'bomba.docx', await makeDocxBomb()));
    expect(expectRefused(honest, [413], 'bomba.docx')).toContain('descomprimido');
    const lying = await hostile(async () =>
      sendFile(owner, chatId, 'mentira.docx', await makeDocxBomb({ lying: true })),
    );
    expect(expectRefused(lying, [413], 'mentira.docx')).toContain('descomprimido');
  }, 120_000);

  it('refuses a 20,000 × 20,000 PNG of a few KB, as an attachment and as a logo', async () => {
    const png = await makePngBomb(20_000);
    const attached = await hostile(() => sendFile(owner, chatId, 'bomba.png', png));
    expect(expectRefused(attached, [413], 'bomba.png')).toContain('20.000 × 20.000 píxeles');
    const logo = await hostile(() => {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
      return t.fetch(`/api/businesses/ideas/${owner.businessId}/logo`, {
        method: 'PUT',
        headers: { cookie: owner.cookie },
        body: form,
      });
    });
    expect(logo.status).toBe(413);
    expect((JSON.parse(logo.body) as { message: string }).message).toContain('20.000 × 20.000 píxeles');
    tally.held += 1;
    // 100 megapixels pass sharp's own default limit (268 MP), not ours.
    const large = await hostile(async () => sendFile(owner, chatId, 'grande.png', await makePngBomb(10_000)));
    expect(expectRefused(large, [413], 'grande.png')).toContain('el máximo son 40 megapíxeles');
  }, 120_000);

  it('judges files that lie about their type by their content', async () => {
    // An HTML page named .pdf is what its bytes are: a text file, kept and served as text/plain.
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const page = await hostile(() => sendFile(owner, chatId, 'informe.pdf', html));
    expect(page.status).toBe(200);
    const [stored] = await queryRows<{ mime_type: string; type: string }>(
      t.database.db,
      sql`select mime_type, type from attachments where name = 'informe.pdf'`,
    );
    expect(stored).toEqual({ mime_type: 'text/plain', type: 'document' });
    tally.held += 1;

    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
    exe.write('PE\0\0', 128);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(4000, 7),
    ]);
    for (const [name, data] of [
      ['factura.pdf', exe],
      ['foto.png', png],
    ] as const) {
      expectRefused(await hostile(() => sendFile(owner, chatId, name, data)), [415], name);
    }
    const [{ count } = { count: -1 }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from attachments where name in ('factura.pdf', 'foto.png')`,
    );
    expect(count).toBe(0);
  }, 60_000);

  it('streams another user’s answer whole while PDF bombs are being read', async () => {
    const other = await chatOwner(t, { planId: 7, credits: 600 });
    const otherChat = await newChat(t, other);
    // The page-tree bomb, then the Flate bomb, in one message: seconds of reading in all.
    const flate = await makeFlateBombPdf(100);
    let bombsAnswered = false;
    const bombs = sendFiles(owner, chatId, [
      ['paginas.pdf', makePageTreeBombPdf()],
      ['cadena.pdf', flate],
    ]).then(async (res) => {
      bombsAnswered = true;
      return { status: res.status, body: await res.text() };
    });
    // Give the upload time to reach its reading before the other user asks.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const res = await t.fetch(`/api/businesses/${other.businessId}/chats/${otherChat}/messages/stream`, {
      method: 'POST',
      headers: { cookie: other.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '¿Cómo valido mi idea?', client_message_id: crypto.randomUUID() }),
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let firstByteMs = -1;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (firstByteMs < 0) firstByteMs = Math.round(performance.now() - started);
      text += decoder.decode(part.value, { stream: true });
    }
    const wholeMs = Math.round(performance.now() - started);
    expect(text).toBe(ANSWER);
    // The answer came whole while the bombs were still being read.
    expect(bombsAnswered).toBe(false);
    const refused = await bombs;
    console.log(
      `another user's answer during PDF bombs: first byte ${firstByteMs} ms, whole ${wholeMs} ms; bombs answered after ${Math.round(performance.now() - started)} ms`,
    );
    expectRefused(refused, [413, 422], 'cadena.pdf');
    tally.tried += 1;
  }, 120_000);
});
