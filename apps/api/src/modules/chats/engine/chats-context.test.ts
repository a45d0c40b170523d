import crypto from 'node:crypto';
import { assistantNotConfiguredMessage } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { chats, messages } from '../../../db/schema/index.ts';
import { chatOwner, newChat as createChat } from '../../../test/chat-owner.ts';
import { ANSWER, chatRequests, chatServerForFile, description, idea } from '../../../test/chats-test-kit.ts';
import { makeDocx, makePdf } from '../../../test/documents.ts';
import { startTestHttpServer } from '../../../test/http-server.ts';
import { ledgerSum } from '../../credits/credits.ts';

// What the model is asked (profile, research, files), a vision model, and the app without a model.

const server = chatServerForFile();

const { owner, newChat, readChat, send, streamRequests } = chatRequests(() => server);

describe('the model’s context', () => {
  it('reads the latest completed study, also after a newer one completes (reports are kept between sends)', async () => {
    const who = await owner();
    const study = (summary: string) =>
      server.t.database.db.execute(
        sql`insert into researches (business_id, max_tokens, status, summary, completed_at)
            values (${who.businessId}, 50000, 'completed', ${summary}, now())`,
      );
    const chatId = await newChat(who);
    const systemOf = async (content: string) => {
      const res = await send(who, chatId, { content, client_message_id: crypto.randomUUID() });
      expect(await res.text()).toBe(ANSWER);
      return String(streamRequests().at(-1)?.body.messages[0]?.content);
    };
    await study('Primer estudio: el mercado crece un 3 % anual.');
    expect(await systemOf('¿Cómo va el mercado?')).toContain('Primer estudio');
    expect(await systemOf('¿Y los precios?')).toContain('Primer estudio');
    await study('Segundo estudio: el mercado crece un 9 % anual.');
    const after = await systemOf('¿Ha cambiado algo?');
    expect(after).toContain('Segundo estudio');
    expect(after).not.toContain('Primer estudio');
  });

  it('has the business profile, the research summary and the attachments’ text', async () => {
    const who = await owner();
    await server.t.database.db.execute(
      sql`insert into researches (business_id, max_tokens, status, summary, completed_at)
          values (${who.businessId}, 50000, 'completed', 'El mercado del aceite premium crece un 8 % anual.', now())`,
    );
    const chatId = await newChat(who);
    const pdf = makePdf(['Facturación prevista: 12.000 € en el año uno', 'Inversión en maquinaria: 3.500 €']);
    const docx = await makeDocx([
      'Análisis de márgenes: 45 € por cliente',
      'Acción comercial en Jaén y Córdoba',
    ]);
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('content', 'Revisa estos documentos');
    form.append('client_message_id', crypto.randomUUID());
    form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'plan-financiero.pdf');
    form.append('files', new Blob([docx]), 'márgenes.docx');
    form.append('files', new Blob([image], { type: 'image/png' }), 'foto.png');
    const res = await server.t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ANSWER);

    const request = streamRequests().at(-1);
    const system = String(request?.body.messages[0]?.content);
    expect(request?.body.messages[0]?.role).toBe('system');
    for (const value of [
      'Oliva Directa',
      'España',
      description,
      'Validar la demanda en Madrid',
      'Tenemos acuerdo con tres almazaras de Jaén',
      'Dos fundadores con experiencia en logística',
      '2 personas',
      'CEO',
      'Entrega en 24 horas y aceite de cosecha temprana',
      '15.000 €',
      'El mercado del aceite premium crece un 8 % anual.',
    ]) {
      expect(system).toContain(value);
    }
    const user = String(request?.body.messages.at(-1)?.content);
    expect(user).toContain('Revisa estos documentos');
    expect(user).toContain('<adjuntos>');
    expect(user).toContain('Facturación prevista: 12.000 € en el año uno');
    expect(user).toContain('Análisis de márgenes: 45 € por cliente');
    expect(user).toContain('Acción comercial en Jaén y Córdoba');
    // openai-compatible is not a vision model unless AI_VISION says so: the image is described.
    expect(user).toContain('no puedes verla');

    const read = await readChat(who, chatId);
    const files = read.messages[0]?.fileAttachments ?? [];
    expect(files.map((f) => [f.name, f.type, f.mime_type])).toEqual([
      ['plan-financiero.pdf', 'document', 'application/pdf'],
      [
        'márgenes.docx',
        'document',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['foto.png', 'image', 'image/png'],
    ]);
    const download = await server.t.fetch(files[0]?.url ?? '', { headers: { cookie: who.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    // A PDF is never shown by the browser's own viewer, which runs its JavaScript (ADR 0032): it downloads.
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="plan-financiero\.pdf"/,
    );
    // Opened in the browser, a file runs nothing: its own policy, not the app's, is what is sent.
    expect(download.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const shownImage = await server.t.fetch(files[2]?.url ?? '', { headers: { cookie: who.cookie } });
    expect(shownImage.headers.get('content-disposition')).toMatch(/^inline; filename="foto\.png"/);
    expect(shownImage.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    const other = await owner();
    expect((await server.t.fetch(files[0]?.url ?? '', { headers: { cookie: other.cookie } })).status).toBe(
      404,
    );
  });

  it('refuses legacy .doc files and files that are not what the chat takes, in Spanish', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    const doc = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(doc);
    const upload = async (name: string, data: Uint8Array) => {
      const form = new FormData();
      form.append('content', 'Mira');
      form.append('files', new Blob([data]), name);
      return server.t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
        method: 'POST',
        headers: { cookie: who.cookie },
        body: form,
      });
    };
    const legacy = await upload('viejo.doc', doc);
    expect(legacy.status).toBe(415);
    expect(((await legacy.json()) as { message: string }).message).toContain('Word antiguo (.doc)');
    const zip = await upload('datos.zip', Buffer.from('504b0304140000000000', 'hex'));
    expect(zip.status).toBe(415);
    const many = new FormData();
    for (let i = 0; i < 6; i++) many.append('files', new Blob(['hola']), `n${i}.txt`);
    const tooMany = await server.t.fetch(
      `/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`,
      {
        method: 'POST',
        headers: { cookie: who.cookie },
        body: many,
      },
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toContain('como máximo 5 archivos');
    expect(
      (await server.t.database.db.select().from(messages).where(eq(messages.chatId, chatId))).length,
    ).toBe(0);
  });

  it('deletes the attachments’ files with the business', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    const form = new FormData();
    form.append('files', new Blob(['notas con ñ']), 'notas.txt');
    const res = await server.t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: form,
    });
    await res.text();
    const [file] = await queryRows<{ storage_key: string }>(
      server.t.database.db,
      sql`select storage_key from attachments where business_id = ${who.businessId}`,
    );
    expect(file).toBeDefined();
    const removed = await server.t.fetch(`/api/businesses/ideas/${who.businessId}`, {
      method: 'DELETE',
      headers: { cookie: who.cookie },
    });
    expect(removed.status).toBe(204);
    const left = await server.t.database.db.select().from(chats).where(eq(chats.businessId, who.businessId));
    expect(left).toEqual([]);
    const fs = await import('node:fs');
    const path = await import('node:path');
    expect(fs.existsSync(path.join(server.t.env.DATA_DIR, 'files', file?.storage_key ?? 'x'))).toBe(false);
  });
});

describe('a vision model', () => {
  it('gets the attached image as an image part of the question', async () => {
    const vision = await startTestHttpServer({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: server.fake.url,
      AI_MODEL: 'fake-vision',
      AI_VISION: 'true',
    });
    try {
      const who = await chatOwner(vision, { planId: 12, credits: 0, idea });
      const { cookie, businessId } = who;
      const chatId = await createChat(vision, who);
      const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('content', '¿Qué te parece mi logo?');
      form.append('files', new Blob([image], { type: 'image/png' }), 'logo.png');
      const res = await vision.fetch(`/api/businesses/${businessId}/chats/${chatId}/messages/stream`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      expect(await res.text()).toBe(ANSWER);
      const request = streamRequests().at(-1);
      expect(request?.body.model).toBe('fake-vision');
      const parts = request?.body.messages.at(-1)?.content as Array<{
        type: string;
        image_url?: { url: string };
      }>;
      expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
      expect(parts[1]?.image_url?.url).toBe(`data:image/png;base64,${image.toString('base64')}`);
    } finally {
      await vision.close();
    }
  });
});

describe('without a model', () => {
  it('says the assistant is not configured and charges nothing', async () => {
    const bare = await startTestHttpServer();
    try {
      const who = await chatOwner(bare, { planId: 7, credits: 0, idea });
      const { cookie, businessId } = who;
      const chatId = await createChat(bare, who);
      const res = await bare.fetch(`/api/businesses/${businessId}/chats/${chatId}/messages`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Hola' }),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { answer: { content: string; finished: boolean } };
      expect(body.answer).toMatchObject({ content: assistantNotConfiguredMessage('Rumbo'), finished: true });
      expect(await ledgerSum(bare.database.db, who.id)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
