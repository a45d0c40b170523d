import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCalls, png } from '../../test/businesses-test-kit.ts';
import { type ChatOwner, chatOwner, newChat } from '../../test/chat-owner.ts';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3.ts';
import { startTestHttpServer, type TestHttpServer } from '../../test/http-server.ts';

// The app with STORAGE_URL: logos and chat attachments go to the bucket, are served from it, and
// their objects go when what they belong to is deleted (several machines share the files: README).

let s3: FakeS3;
let t: TestHttpServer;
let dataDir: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  // A data folder of its own: nothing may land in its files/ folder, and no local model is found.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-s3-app-'));
  t = await startTestHttpServer({ DATA_DIR: dataDir, ...s3.env('uploads') });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const { send, uploadLogo } = businessCalls(() => t);
const owner = () => chatOwner(t, { planId: 7, credits: 600 });
const logoUrl = (who: ChatOwner) => `/api/businesses/ideas/${who.businessId}/logo`;
const keysUnder = async (folder: string) => (await s3.keys()).filter((key) => key.startsWith(folder));

async function withLogo(who: ChatOwner): Promise<{ key: string; served: Buffer }> {
  const res = await uploadLogo(who.cookie, logoUrl(who), await png(64, 64), 'logo.png', 'image/png');
  expect(res.status).toBe(200);
  const { logo_url } = (await res.json()) as { logo_url: string };
  const image = await send(who.cookie, 'GET', logo_url);
  expect(image.status).toBe(200);
  const [key] = await keysUnder(`uploads/logos/${who.businessId}/`);
  return { key: key ?? '', served: Buffer.from(await image.arrayBuffer()) };
}

/** Sends a message with a text file and returns the file's address and its object's key. */
async function withAttachment(
  who: ChatOwner,
  text: string,
): Promise<{ chatId: number; url: string; key: string }> {
  const chatId = await newChat(t, who);
  const form = new FormData();
  form.append('content', 'Mira mis notas');
  form.append('files', new Blob([text]), 'notas.txt');
  const sent = await t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
    method: 'POST',
    headers: { cookie: who.cookie },
    body: form,
  });
  expect(sent.status).toBe(200);
  await sent.text();
  const chat = (await (
    await send(who.cookie, 'GET', `/api/businesses/${who.businessId}/chats/${chatId}`)
  ).json()) as {
    messages: Array<{ fileAttachments: Array<{ url: string }> }>;
  };
  const url = chat.messages.flatMap((m) => m.fileAttachments)[0]?.url ?? '';
  const [key] = await keysUnder(`uploads/attachments/${who.businessId}/`);
  return { chatId, url, key: key ?? '' };
}

describe('files on S3 storage (STORAGE_URL)', () => {
  it('serves a logo from the bucket, replaces its object, and removes it with the business', async () => {
    const who = await owner();
    const first = await withLogo(who);
    // The bytes served are the object the bucket holds, under the prefix STORAGE_URL names.
    expect(first.key).toMatch(new RegExp(`^uploads/logos/${who.businessId}/[0-9a-f]+\\.webp$`));
    expect(await s3.object(first.key)).toEqual(first.served);

    const second = await withLogo(who);
    expect(second.key).not.toBe(first.key);
    expect(await keysUnder(`uploads/logos/${who.businessId}/`)).toEqual([second.key]);

    expect((await send(who.cookie, 'DELETE', `/api/businesses/ideas/${who.businessId}`)).status).toBe(204);
    expect(await keysUnder(`uploads/logos/${who.businessId}/`)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('answers 404 for a business without a logo and for a logo whose object is gone', async () => {
    const who = await owner();
    expect((await send(who.cookie, 'GET', logoUrl(who))).status).toBe(404);
    const { key } = await withLogo(who);
    await s3.remove(key);
    const res = await send(who.cookie, 'GET', logoUrl(who));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Este negocio no tiene logo' });
  });

  it('serves a chat attachment from the bucket and removes its object with the chat', async () => {
    const who = await owner();
    const { chatId, url, key } = await withAttachment(who, 'Ventas previstas: 1.200 € al mes, con ñ');
    expect(await s3.object(key)).toEqual(Buffer.from('Ventas previstas: 1.200 € al mes, con ñ'));
    const file = await send(who.cookie, 'GET', url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('Ventas previstas: 1.200 € al mes, con ñ');

    const removed = await send(who.cookie, 'DELETE', `/api/businesses/${who.businessId}/chats/${chatId}`);
    expect(removed.status).toBe(204);
    expect(await s3.object(key)).toBeNull();
    expect((await send(who.cookie, 'GET', url)).status).toBe(404);
  });

  it('removes every object of a user who deletes the account, and only theirs', async () => {
    const [who, other] = [await owner(), await owner()];
    for (const user of [who, other]) {
      await withLogo(user);
      await withAttachment(user, 'Plan de empresa');
    }
    const closed = await send(who.cookie, 'DELETE', '/api/users/me', { confirmation: 'ELIMINAR' });
    expect(closed.status).toBe(204);
    expect(await keysUnder(`uploads/logos/${who.businessId}/`)).toEqual([]);
    expect(await keysUnder(`uploads/attachments/${who.businessId}/`)).toEqual([]);
    expect(await keysUnder(`uploads/logos/${other.businessId}/`)).toHaveLength(1);
    expect(await keysUnder(`uploads/attachments/${other.businessId}/`)).toHaveLength(1);
  });
});
