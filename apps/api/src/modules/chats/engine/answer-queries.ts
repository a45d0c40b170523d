import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_SEND_ATTEMPTS } from '@rumbo/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { isLastingFailure } from '../../../ai/call-failure.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { generations, messages, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import type { MessageRow } from '../rows.ts';
import { type AnswerState, answerStateOf } from '../wire.ts';

// The reads of answers and their attempts that the send, its retries and the stop share.

/**
 * The answer `messageId` of the chat, or the answer to the question `messageId` (of its versions, the one
 * shown, else the latest).
 */
export async function findAnswer(db: Db, chatId: number, messageId: number): Promise<MessageRow> {
  const [answer] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        sql`((${messages.id} = ${messageId} and ${messages.sender} = 'ai_model') or ${messages.replyTo} = ${messageId})`,
      ),
    )
    .orderBy(desc(messages.shown), desc(messages.id))
    .limit(1);
  if (!answer) throw notFound('Mensaje no encontrado');
  return answer;
}

/** The state of each answer's latest attempt (answers without one: a fixed text, never charged). */
export async function answerStates(db: Db, answerIds: number[]): Promise<Map<number, AnswerState>> {
  const states = new Map<number, AnswerState>();
  if (answerIds.length === 0) return states;
  const rows = await queryRows<{ message_id: number; status: string; cost: number }>(
    db,
    sql`select distinct on (message_id) message_id, status, cost from generations
        where message_id in (${sql.join(answerIds, sql`, `)}) order by message_id, attempt desc`,
  );
  for (const row of rows) states.set(Number(row.message_id), answerStateOf(row.status, Number(row.cost)));
  return states;
}

/** How many of an answer's latest attempts failed in a row (the client's retries of one send). */
export async function failedInARow(db: Db, answerId: number): Promise<{ count: number; lasting: boolean }> {
  const rows = await db
    .select({ status: generations.status, error: generations.error })
    .from(generations)
    .where(eq(generations.messageId, answerId))
    .orderBy(desc(generations.attempt))
    .limit(MAX_SEND_ATTEMPTS);
  const count = rows.findIndex((r) => r.status !== 'failed' && r.status !== 'interrupted');
  return { count: count === -1 ? rows.length : count, lasting: isLastingFailure(rows[0]?.error) };
}

export async function latestGeneration(db: Db, answerId: number) {
  const [row] = await db
    .select()
    .from(generations)
    .where(eq(generations.messageId, answerId))
    .orderBy(desc(generations.attempt))
    .limit(1);
  return row;
}

/** The answer once it is finished, or as it is after `timeoutMs`. */
export async function waitFinished(
  db: Db,
  answerId: number,
  timeoutMs: number,
): Promise<MessageRow | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(messages).where(eq(messages.id, answerId));
    if (!row || row.finished || Date.now() >= deadline) return row;
    await sleep(100);
  }
}

/** An answer's text so far, as a reader in another process than the one generating it follows it. */
export async function answerProgress(db: Db, answerId: number) {
  const [row] = await db
    .select({ content: messages.content, finished: messages.finished, interrupted: messages.interrupted })
    .from(messages)
    .where(eq(messages.id, answerId));
  return row;
}

export async function planOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  return row?.planId ?? -1;
}
