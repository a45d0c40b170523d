import crypto from 'node:crypto';
import {
  assistantNotConfiguredMessage,
  creditsExhaustedMessage,
  FAILED_ANSWER_CONTENT,
  STARTER_PLAN,
} from '@rumbo/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { messages } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { answers } from '../../../lib/metrics.ts';
import { countWrite, WRITE_LIMITS } from '../../../lib/write-counters.ts';
import { ensureMonthlyFreeCredits } from '../../credits/credits.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { findAnswer, latestGeneration, planOf } from '../engine/answer-queries.ts';
import { contextBefore } from '../engine/model-context.ts';
import { type MessageRef, type OwnedChat, ownChat } from '../owned.ts';
import type { MessageRow } from '../rows.ts';
import { hideBranchFrom, stillAnswering, versionGroup } from '../thread/answer-versions.ts';
import { beginAttempt, launchAnswer } from './answer-attempt.ts';
import { replaySend } from './replay-send.ts';
import { type SendOutcome, sendOutcome } from './send-outcome.ts';

/** The debit of a new version failed: nothing of it is stored (its transaction rolls back). */
class NoCredits extends Error {}

/**
 * An answer asked again (ADR 0043; `messageId`: the answer or its question, on the branch the chat
 * shows). 'Regenerar' makes a new version of the answer; with `content`, the question is asked again
 * with that text, a new branch of the chat from there. The earlier versions stay, reachable with
 * `showVersion`; the new one is shown and the chat continues from it. Charged as an answer, before the
 * model is asked. A failed answer holds nothing worth keeping: asked again, it is tried again in place.
 * A retry with the same client id re-attaches to what its request started, as a send's retry does.
 */
export async function answerAgain(
  deps: ChatDeps,
  { userId, businessId, chatId, messageId }: MessageRef,
  input: { clientMessageId?: string; content?: string },
): Promise<SendOutcome> {
  const { db, engine, assistant, productName } = deps;
  const { chat, business } = await ownChat(db, { userId, businessId, chatId });
  const key = input.clientMessageId ?? crypto.randomUUID();
  const seen = await requestSeen(db, chatId, key);
  if (seen) return replayRequest(deps, { userId, chat, business }, seen);
  const answer = await findAnswer(db, chatId, messageId);
  const question = await questionOf(db, answer);
  if (!answer.finished || engine.live(answer.id)) throw stillAnswering();
  await countWrite(db, userId, WRITE_LIMITS.sends, deps.writeLimitMultiplier);
  if (assistant.label === null) {
    answers.inc({ outcome: 'refused' });
    return sendOutcome(db, {
      chat,
      message: question,
      answer,
      kind: 'not_configured',
      replayed: false,
      from: {
        text: assistantNotConfiguredMessage(productName),
      },
    });
  }
  const planId = await planOf(db, userId);
  if (planId === STARTER_PLAN) await ensureMonthlyFreeCredits(db, userId);
  const editing = input.content !== undefined;
  if (!editing && answer.content === FAILED_ANSWER_CONTENT) {
    return tryAgainInPlace(deps, { userId, planId, chat, business, question, answer, key });
  }
  let started: { asked: MessageRow; made: MessageRow; generationId: number };
  try {
    started = await db.transaction(async (tx) => {
      await hideBranchFrom(tx, chatId, editing ? question.id : answer.id);
      const asked = editing ? await askAgain(tx, question, { content: input.content ?? '', key }) : question;
      const [made] = await tx
        .insert(messages)
        .values({
          chatId,
          sender: 'ai_model',
          replyTo: asked.id,
          parentId: asked.id,
          versionOf: editing ? null : versionGroup(answer),
          content: '',
          finished: false,
          answerKind: 'model',
          clientMessageId: editing ? null : key,
        })
        .returning();
      if (!made) throw new Error('the new version was not stored');
      const generationId = await beginAttempt(deps, tx, { userId, planId, answerId: made.id, attempt: 1 });
      if (generationId === 'credits_exhausted') throw new NoCredits();
      return { asked, made, generationId };
    });
  } catch (error) {
    if (error instanceof NoCredits) {
      answers.inc({ outcome: 'refused' });
      return sendOutcome(db, {
        chat,
        message: question,
        answer,
        kind: 'credits_exhausted',
        replayed: false,
        from: {
          text: creditsExhaustedMessage(productName, planId),
        },
      });
    }
    // The same request raced in from a retry of the client: re-attach to what it started.
    const raced = await requestSeen(db, chatId, key);
    if (raced) return replayRequest(deps, { userId, chat, business }, raced);
    throw error;
  }
  const { asked, made, generationId } = started;
  const live = await launchAnswer(deps, { generationId, answerId: made.id }, () =>
    contextBefore(deps, business, made.id),
  );
  return sendOutcome(db, {
    chat,
    message: asked,
    answer: made,
    kind: 'model',
    replayed: false,
    from: { live },
  });
}

async function requestSeen(db: Db, chatId: number, key: string) {
  const [seen] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.clientMessageId, key)));
  return seen;
}

async function questionOf(db: Db, answer: MessageRow): Promise<MessageRow> {
  const [question] = answer.replyTo
    ? await db.select().from(messages).where(eq(messages.id, answer.replyTo))
    : [];
  if (!question) throw notFound('Mensaje no encontrado');
  return question;
}

/** A request seen before: an edit stored its question under the client id, a regeneration its answer. */
async function replayRequest(deps: ChatDeps, on: OwnedChat, seen: MessageRow): Promise<SendOutcome> {
  if (seen.sender === 'user') return replaySend(deps, { ...on, message: seen });
  return replaySend(deps, { ...on, message: await questionOf(deps.db, seen), answerId: seen.id });
}

/** The question asked again with a new text, beside the earlier one, with the same files. */
async function askAgain(
  tx: Db,
  question: MessageRow,
  { content, key }: { content: string; key: string },
): Promise<MessageRow> {
  const [asked] = await tx
    .insert(messages)
    .values({
      chatId: question.chatId,
      sender: 'user',
      content,
      parentId: question.parentId,
      versionOf: versionGroup(question),
      clientMessageId: key,
    })
    .returning();
  if (!asked) throw new Error('the new question was not stored');
  // The files stay where they are stored: both versions of the question name them.
  await tx.execute(sql`
    insert into attachments (id, message_id, business_id, name, mime_type, type, size, storage_key,
                             extracted_text, created_at)
    select gen_random_uuid()::text, ${asked.id}, business_id, name, mime_type, type, size, storage_key,
           extracted_text, created_at
    from attachments where message_id = ${question.id}`);
  return asked;
}

/** A failed answer tried again: a new attempt on the same row, charged as an answer. */
async function tryAgainInPlace(
  deps: ChatDeps,
  retry: OwnedChat & { planId: number; question: MessageRow; answer: MessageRow; key: string },
): Promise<SendOutcome> {
  const { db } = deps;
  const { userId, planId, chat, business, question, answer, key } = retry;
  const attempt = ((await latestGeneration(db, answer.id))?.attempt ?? 0) + 1;
  const started = await db.transaction(async (tx) => {
    // Only one request wins the answer; a concurrent one is refused.
    const [reset] = await tx
      .update(messages)
      .set({ content: '', finished: false, interrupted: false, clientMessageId: key, time: new Date() })
      .where(and(eq(messages.id, answer.id), eq(messages.finished, true)))
      .returning();
    if (!reset) return null;
    return {
      reset,
      generationId: await beginAttempt(deps, tx, { userId, planId, answerId: answer.id, attempt }),
    };
  });
  if (!started) throw stillAnswering();
  if (started.generationId === 'credits_exhausted') {
    answers.inc({ outcome: 'refused' });
    const [now] = await db.select().from(messages).where(eq(messages.id, answer.id));
    return sendOutcome(db, {
      chat,
      message: question,
      answer: now ?? started.reset,
      kind: 'credits_exhausted',
      replayed: false,
      from: {
        text: now?.content ?? '',
      },
    });
  }
  const live = await launchAnswer(deps, { generationId: started.generationId, answerId: answer.id }, () =>
    contextBefore(deps, business, answer.id),
  );
  return sendOutcome(db, {
    chat,
    message: question,
    answer: started.reset,
    kind: 'model',
    replayed: false,
    from: { live },
  });
}
