import crypto from 'node:crypto';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The signed token of a mail's unsubscribe link (ADR 0050): the user's id and an HMAC of it under the
 * server's secret, so the link works without signing in and cannot be made for somebody else. It does
 * not expire: a link in an old mail must still work (RFC 8058 asks that it keep working).
 */
const PURPOSE = 'rumbo:product-mail-unsubscribe:';

const signatureOf = (secret: string, userId: number, topic: NotificationTopic | null) =>
  crypto
    .createHmac('sha256', secret)
    .update(topic ? `${PURPOSE}${userId}:${topic}` : `${PURPOSE}${userId}`)
    .digest('base64url');

/**
 * `<user id>.<HMAC>` turns every product mail off; `<user id>.<topic>.<HMAC>` (ADR 0056) names the kind of
 * notification whose mail carried it and turns off only that kind.
 */
export function unsubscribeToken(
  secret: string,
  userId: number,
  topic: NotificationTopic | null = null,
): string {
  return topic
    ? `${userId}.${topic}.${signatureOf(secret, userId, topic)}`
    : `${userId}.${signatureOf(secret, userId, null)}`;
}

/** The user (and the kind) a token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; topic: NotificationTopic | null } | null {
  const match = /^(\d{1,12})\.(?:([a-z_]{1,20})\.)?([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const topic = match[2] ?? null;
  if (topic !== null && !(NOTIFICATION_TOPICS as readonly string[]).includes(topic)) return null;
  const named = topic as NotificationTopic | null;
  const expected = Buffer.from(signatureOf(secret, userId, named));
  const given = Buffer.from(match[3] ?? '');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
    ? { userId, topic: named }
    : null;
}

/**
 * The addresses a mail carries, both with the signed token: the one mail programs post to without a session
 * (RFC 8058, the mail program's 'Cancelar suscripción'), and the page a person opens from the footer
 * (`/baja`), which asks them to confirm and then posts the token to the same endpoint. Opening either
 * address changes nothing: only a POST does (mail scanners open links).
 */
export function unsubscribeLinks(
  publicUrl: string,
  secret: string,
  userId: number,
  topic: NotificationTopic | null = null,
) {
  const token = encodeURIComponent(unsubscribeToken(secret, userId, topic));
  return {
    page: `${publicUrl}/baja?token=${token}`,
    oneClick: `${publicUrl}/api/mail/unsubscribe?token=${token}`,
  };
}

/** 'Correos de Rumbo' on or off (the profile's switch, and the unsubscribe link). */
export async function setProductMail(db: Db, userId: number, on: boolean): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ productMail: on, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row !== undefined;
}
