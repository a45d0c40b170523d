import crypto from 'node:crypto';
import { assistantNotConfiguredMessage, STARTER_PLAN } from '@rumbo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { countWrite, WRITE_LIMITS } from '../../http/write-limits.ts';
import { answers } from '../../lib/metrics.ts';
import { ensureMonthlyFreeCredits } from '../credits/credits.ts';
import { beginAttempt, launchAnswer } from './answer-attempt.ts';
import { findAnswer, latestGeneration, planOf } from './answer-queries.ts';
import type { ChatServiceDeps } from './chat-deps.ts';
import { contextBefore } from './model-context.ts';
import { ownChat } from './owned.ts';
import { replaySend } from './replay-send.ts';
import { type SendOutcome, sendOutcome } from './send-outcome.ts';

/** Spanish 409: only the chat's last exchange may be answered again or edited. */
const notLastExchange = (what: string) =>
  new AppError(409, 'CONFLICT', `Solo se puede ${what} el último mensaje del chat.`);

const stillAnswering = () =>
  new AppError(409, 'CONFLICT', 'Espera a que termine la respuesta antes de volver a pedirla.');

/**
 * A new attempt at the chat's last answer (`messageId`: the answer or its question), charged as an
 * answer; with `content`, the question's text is replaced first (editing the last question). The old
 * text is replaced as the new one streams. A retry with the same client id re-attaches to the
 * attempt it started (or tries again if that failed), as a send's retry does.
 */
export async function answerAgain(
  deps: ChatServiceDeps,
  userId: number,
  businessId: number,
  chatId: number,
  messageId: number,
  input: { clientMessageId?: string; content?: string },
): Promise<SendOutcome> {
  const { db, engine, assistant, productName } = deps;
  const { chat, business } = await ownChat(db, userId, businessId, chatId);
  const what = input.content === undefined ? 'regenerar la respuesta de' : 'editar';
  const key = input.clientMessageId ?? crypto.randomUUID();
  const answer = await findAnswer(db, chatId, messageId);
  const [question] = answer.replyTo
    ? await db.select().from(messages).where(eq(messages.id, answer.replyTo))
    : [];
  if (!question) throw notFound('Mensaje no encontrado');
  // This very request again (the client lost the connection): re-attach, as a send's retry does.
  if (answer.clientMessageId === key) return replaySend(deps, userId, chat, business, question);
  const [last] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.id))
    .limit(1);
  if (last?.id !== answer.id) throw notLastExchange(what);
  if (!answer.finished || engine.live(answer.id)) throw stillAnswering();
  await countWrite(db, userId, WRITE_LIMITS.sends, deps.writeLimitMultiplier);
  const planId = await planOf(db, userId);
  const configured = assistant.label !== null;
  if (configured && planId === STARTER_PLAN) await ensureMonthlyFreeCredits(db, userId);
  const attempt = ((await latestGeneration(db, answer.id))?.attempt ?? 0) + 1;
  const started = await db.transaction(async (tx) => {
    // Only one request wins the answer; a concurrent one is refused (or re-attaches, if it is a retry).
    const [reset] = await tx
      .update(messages)
      .set({
        content: configured ? '' : assistantNotConfiguredMessage(productName),
        finished: !configured,
        interrupted: false,
        answerKind: configured ? 'model' : 'not_configured',
        clientMessageId: key,
        time: new Date(),
      })
      .where(and(eq(messages.id, answer.id), eq(messages.finished, true)))
      .returning();
    if (!reset) return null;
    const [asked] =
      input.content === undefined
        ? [question]
        : await tx
            .update(messages)
            .set({ content: input.content })
            .where(eq(messages.id, question.id))
            .returning();
    if (!configured) return { reset, asked, generationId: 'not_configured' as const };
    return { reset, asked, generationId: await beginAttempt(deps, tx, userId, planId, answer.id, attempt) };
  });
  if (!started) {
    const [now] = await db.select().from(messages).where(eq(messages.id, answer.id));
    if (now?.clientMessageId === key) return replaySend(deps, userId, chat, business, question);
    throw stillAnswering();
  }
  const asked = started.asked ?? question;
  if (started.generationId === 'not_configured' || started.generationId === 'credits_exhausted') {
    const kind = started.generationId;
    answers.inc({ outcome: 'refused' });
    const [now] = await db.select().from(messages).where(eq(messages.id, answer.id));
    return sendOutcome(db, chat, asked, now ?? started.reset, kind, false, { text: now?.content ?? '' });
  }
  const live = await launchAnswer(deps, { generationId: started.generationId, answerId: answer.id }, () =>
    contextBefore(deps, chat, business, answer.id),
  );
  return sendOutcome(db, chat, asked, started.reset, 'model', false, { live });
}
