import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/client.ts';
import {
  analyticsEvents,
  attachments,
  businesses,
  chats,
  messageFeedback,
  messages,
  productFeedback,
  researches,
  researchSources,
} from '../db/schema/index.ts';
import { createLocalStorage } from '../modules/files/storage.ts';
import { jsonHeaders, WEBHOOK_SECRET } from './account-test-app.ts';
import type { TestApp } from './app.ts';
import { type FakeStripe, signStripePayload } from './fakes/stripe.ts';

/** What the export and deletion tests put in an account, and how they look for what is left of it. */

/** A business of the user's with a logo, research, a chat with messages and an attached file. */
export async function fillAccount(t: TestApp, dataDir: string, userId: number, label: string) {
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const db = t.database.db;
  const [business] = await db
    .insert(businesses)
    .values({
      userId,
      stage: 'idea',
      name: `Negocio ${label}`,
      location: 'España',
      description: `Descripción de ${label}`,
      goal: 'Crecer',
      teamDescription: 'Yo',
      teamSize: 1,
      logoKey: `logos/${label}/v1.webp`,
      logoVersion: 'v1',
    })
    .returning();
  if (!business) throw new Error('no business');
  await storage.put(`logos/${label}/v1.webp`, Buffer.from(`logo de ${label}`));
  const [research] = await db
    .insert(researches)
    .values({
      businessId: business.id,
      maxTokens: 50000,
      status: 'completed',
      summary: `Informe de ${label}`,
    })
    .returning();
  await db.insert(researchSources).values({
    researchId: research?.id ?? 0,
    number: 1,
    url: `https://example.com/${label}`,
    title: 'Fuente',
    excerpt: '…',
  });
  const [chat] = await db
    .insert(chats)
    .values({ businessId: business.id, title: `Chat de ${label}` })
    .returning();
  const [question] = await db
    .insert(messages)
    .values({ chatId: chat?.id ?? 0, sender: 'user', content: `Pregunta de ${label}` })
    .returning();
  const [answer] = await db
    .insert(messages)
    .values({ chatId: chat?.id ?? 0, sender: 'ai_model', content: `Respuesta para ${label}` })
    .returning();
  const key = `attachments/${business.id}/${label}`;
  await storage.put(key, Buffer.from(`contenido del plan de ${label}`));
  await db.insert(attachments).values({
    id: crypto.randomUUID(),
    messageId: question?.id ?? 0,
    businessId: business.id,
    name: `plan-${label}.txt`,
    mimeType: 'text/plain',
    type: 'document',
    size: 10,
    storageKey: key,
  });
  await db.insert(messageFeedback).values({ messageId: answer?.id ?? 0, userId, rating: 'up' });
  await db.insert(productFeedback).values({ userId, message: `Opinión de ${label}` });
  await db.insert(analyticsEvents).values({ name: 'Página vista', userId });
  return { business, chatId: chat?.id ?? 0 };
}

async function deliver(t: TestApp, event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return t.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
}

/** The user pays plan 7 through the Stripe fake; answers the subscription id. */
export async function subscribe(t: TestApp, fake: FakeStripe, cookie: string): Promise<string> {
  const res = await t.request('/api/subscriptions', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ plan_id: 7 }),
  });
  const { url } = (await res.json()) as { url: string };
  const { subscription, invoice } = fake.completeCheckout(url.split('/').at(-1) ?? '');
  expect((await deliver(t, fake.event('invoice.paid', invoice))).status).toBe(200);
  return subscription.id as string;
}

/** Rows anywhere in the database that still belong to `userId` (or to the given businesses). */
export async function rowsLeft(t: TestApp, userId: number, email: string, businessIds: number[]) {
  const db = t.database.db;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('user_id', 'target_user_id', 'admin_user_id')`,
  );
  const left: string[] = [];
  const check = async (label: string, query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ n: number }>(db, query);
    if (Number(row?.n) > 0) left.push(label);
  };
  for (const { table_name, column_name } of columns) {
    await check(
      `${table_name}.${column_name}`,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}`,
    );
  }
  const id = String(userId);
  await check('users', sql`select count(*)::int as n from users where id = ${userId} or email = ${email}`);
  await check('verifications', sql`select count(*)::int as n from verifications where value = ${id}`);
  await check('write_limits', sql`select count(*)::int as n from write_limits where key like ${`%:${id}`}`);
  await check(
    'sign_in_failures',
    sql`select count(*)::int as n from sign_in_failures where key like ${`%|${email}`}`,
  );
  for (const table of ['businesses', 'chats', 'attachments', 'researches']) {
    const column = table === 'businesses' ? 'id' : 'business_id';
    for (const businessId of businessIds) {
      await check(
        table,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${businessId}`,
      );
    }
  }
  return left;
}

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
