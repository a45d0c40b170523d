import type { AnswerFeedback, AnswerFeedbackInput, ChatMessages } from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { messageFeedback, messages } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { type MessageRef, ownChat } from '../owned.ts';

/** The answer `messageId` of the caller's chat; a question, or someone else's message, is not found. */
async function ownAnswer(db: Db, { userId, businessId, chatId, messageId }: MessageRef) {
  await ownChat(db, { userId, businessId, chatId });
  const [answer] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId), eq(messages.sender, 'ai_model')));
  if (!answer) throw notFound('Respuesta no encontrada');
  return answer;
}

/** A thumbs up or down (with an optional reason) on a finished answer; a new one replaces the last. */
export async function setAnswerFeedback(
  db: Db,
  { userId, businessId, chatId, messageId }: MessageRef,
  input: AnswerFeedbackInput,
): Promise<AnswerFeedback> {
  const answer = await ownAnswer(db, { userId, businessId, chatId, messageId });
  if (!answer.finished) throw badRequest('Espera a que termine la respuesta para valorarla');
  const reason = input.reason ? input.reason : null;
  await db
    .insert(messageFeedback)
    .values({ messageId, userId, rating: input.rating, reason })
    .onConflictDoUpdate({
      target: messageFeedback.messageId,
      set: { rating: input.rating, reason, updatedAt: new Date() },
    });
  return { rating: input.rating, reason };
}

/** Takes the user's rating of an answer back (nothing to take back is not an error). */
export async function clearAnswerFeedback(
  db: Db,
  { userId, businessId, chatId, messageId }: MessageRef,
): Promise<void> {
  await ownAnswer(db, { userId, businessId, chatId, messageId });
  await db.delete(messageFeedback).where(eq(messageFeedback.messageId, messageId));
}

/** The chat as read, with each rated answer's feedback, so that the rating shows after a reload. */
export async function withFeedback(db: Db, read: ChatMessages): Promise<ChatMessages> {
  if (!read.messages.some((m) => m.sender === 'ai_model')) return read;
  const rows = await db
    .select({
      messageId: messageFeedback.messageId,
      rating: messageFeedback.rating,
      reason: messageFeedback.reason,
    })
    .from(messageFeedback)
    .innerJoin(messages, eq(messages.id, messageFeedback.messageId))
    .where(eq(messages.chatId, read.chat.id));
  if (rows.length === 0) return read;
  const byId = new Map(rows.map((row) => [row.messageId, { rating: row.rating, reason: row.reason }]));
  return {
    ...read,
    messages: read.messages.map((m) => (byId.has(m.id) ? { ...m, feedback: byId.get(m.id) } : m)),
  };
}
