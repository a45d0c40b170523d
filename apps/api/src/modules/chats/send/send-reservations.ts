import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * A send's reservation (a send with files, docs/decisions/0061): the one request that may store it, so
 * that concurrent retries of it never store its files or read its documents twice. An unstored reservation older than RESERVATION_TTL_S belonged to
 * a request that died, and another request for the same send takes it over.
 *
 * A stored send keeps its reservation until the cleanup job removes it: were the storing statement to
 * delete it, a concurrent reserve whose snapshot predates the store (PostgreSQL, read committed) would
 * find the conflicting row gone, insert its own and store the send's files a second time. A request
 * that gives up without storing deletes it, so that a retry may take the send over at once.
 */
export const RESERVATION_TTL_S = 60;

/**
 * Reserves the send for the caller unless it is stored already or fresh in another request's hands;
 * returns one row (`reserved`) when the caller holds it. Arguments may be placeholders (prepared reads).
 */
export function reserveSendSql(userId: unknown, chatId: unknown, clientMessageId: unknown) {
  return sql`insert into send_reservations (user_id, chat_id, client_message_id)
    select ${userId}::int, ${chatId}::int, ${clientMessageId}::text
    where not exists (select 1 from messages m
      where m.chat_id = ${chatId}::int and m.client_message_id = ${clientMessageId}::text)
    on conflict (user_id, chat_id, client_message_id) do update set reserved_at = now()
      where send_reservations.reserved_at < now() - make_interval(secs => ${RESERVATION_TTL_S})
    returning 1 as reserved`;
}

export function releaseSendSql(userId: number, chatId: number, clientMessageId: string) {
  return sql`delete from send_reservations
    where user_id = ${userId} and chat_id = ${chatId} and client_message_id = ${clientMessageId}`;
}

/** Removes reservations left by requests that died (or made for chats that were not the caller's). */
export async function deleteExpiredReservations(db: Db): Promise<void> {
  await db.execute(
    sql`delete from send_reservations where reserved_at < now() - make_interval(secs => ${RESERVATION_TTL_S * 2})`,
  );
}
