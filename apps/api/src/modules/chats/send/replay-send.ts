import {
  type AnswerKind,
  creditsExhaustedMessage,
  FAILED_ANSWER_CONTENT,
  MAX_SEND_ATTEMPTS,
} from '@rumbo/contract';
import { and, asc, eq, or } from 'drizzle-orm';
import { messages } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { failedInARow, latestGeneration, planOf } from '../engine/answer-queries.ts';
import { interruptStaleGenerations } from '../engine/generation-store.ts';
import { contextBefore } from '../engine/model-context.ts';
import type { OwnedChat } from '../owned.ts';
import type { MessageRow } from '../rows.ts';
import { beginAttempt, launchAnswer, titleFor } from './answer-attempt.ts';
import { type SendOutcome, sendOutcome } from './send-outcome.ts';

/** A send seen before: its question, and the version of its answer the retried request made, if any. */
export interface SeenSend extends OwnedChat {
  message: MessageRow;
  answerId?: number;
}

/**
 * A send seen before (a client's retry, product.md §4): re-attach to its answer (the first made for the
 * question, or `answerId`, a version the retried request made), or try again if it failed. Nothing new
 * is stored or charged unless the answer is tried again.
 */
export async function replaySend(deps: ChatDeps, seen: SeenSend): Promise<SendOutcome> {
  const { db, engine } = deps;
  const { userId, chat, business, message, answerId } = seen;
  const [answer] = await db
    .select()
    .from(messages)
    .where(answerId === undefined ? eq(messages.replyTo, message.id) : eq(messages.id, answerId))
    .orderBy(asc(messages.id))
    .limit(1);
  if (!answer) throw notFound('Respuesta no encontrada');
  const kind = (answer.answerKind ?? 'model') as AnswerKind;
  const running = engine.live(answer.id);
  if (running)
    return sendOutcome(db, { chat, message, answer, kind, replayed: true, from: { live: running } });
  if (!answer.finished) {
    await interruptStaleGenerations(db, [answer.id]);
    const [now] = await db.select().from(messages).where(eq(messages.id, answer.id));
    if (now && !now.finished)
      return sendOutcome(db, { chat, message, answer, kind, replayed: true, from: { poll: true } });
    if (now) return replaySend(deps, { ...seen, answerId: answer.id });
  }
  const ended = answer.content === FAILED_ANSWER_CONTENT || answer.interrupted;
  if (!ended || kind !== 'model') {
    return sendOutcome(db, { chat, message, answer, kind, replayed: true, from: { text: answer.content } });
  }
  // The last attempt failed or was interrupted (and was refunded): a retry is a new attempt, charged
  // again, that writes the answer anew — unless the model refused it for what it is (trying again
  // cannot help) or the client has already tried MAX_SEND_ATTEMPTS times in a row.
  const failed = await failedInARow(db, answer.id);
  if (failed.lasting || failed.count >= MAX_SEND_ATTEMPTS) {
    return sendOutcome(db, {
      chat,
      message,
      answer,
      kind: 'error',
      replayed: true,
      from: { text: answer.content },
    });
  }
  const previous = await latestGeneration(db, answer.id);
  const attempt = (previous?.attempt ?? 0) + 1;
  const planId = await planOf(db, userId);
  const started = await db.transaction(async (tx) => {
    // Only one retry wins the answer back; a concurrent one re-attaches to it.
    const [reset] = await tx
      .update(messages)
      .set({ content: '', finished: false, interrupted: false, time: new Date() })
      .where(
        and(
          eq(messages.id, answer.id),
          eq(messages.finished, true),
          or(eq(messages.content, FAILED_ANSWER_CONTENT), eq(messages.interrupted, true)),
        ),
      )
      .returning();
    if (!reset) return null;
    return {
      reset,
      generationId: await beginAttempt(deps, tx, { userId, planId, answerId: answer.id, attempt }),
    };
  });
  if (!started) return replaySend(deps, { ...seen, answerId: answer.id });
  if (started.generationId === 'credits_exhausted') {
    return sendOutcome(db, {
      chat,
      message,
      answer: started.reset,
      kind: 'credits_exhausted',
      replayed: true,
      from: {
        text: creditsExhaustedMessage(deps.productName, planId),
      },
    });
  }
  const live = await launchAnswer(
    deps,
    {
      generationId: started.generationId,
      answerId: started.reset.id,
      titleFor: titleFor(chat, message),
    },
    () => contextBefore(deps, business, started.reset.id),
  );
  return sendOutcome(db, {
    chat,
    message,
    answer: started.reset,
    kind: 'model',
    replayed: true,
    from: { live },
  });
}
