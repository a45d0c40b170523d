import type { ChatMessages } from '@rumbo/contract';
import { and, asc, eq } from 'drizzle-orm';
import { attachments, messages } from '../../../db/schema/index.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { answerStates } from '../engine/answer-queries.ts';
import { interruptStaleGenerations } from '../engine/generation-store.ts';
import { type ChatRef, ownChat } from '../owned.ts';
import type { AttachmentRow } from '../rows.ts';
import { toChat, toMessage } from '../wire.ts';
import { withFeedback } from './answer-feedback.ts';
import { versionGroup, versionsOf } from './answer-versions.ts';

/**
 * A chat with the messages of the branch it shows (ADR 0043) and their files, oldest first; a message
 * with several versions lists them. An answer this process is generating reads
 * from memory; one left unfinished by a process that died is failed (and refunded) on the way.
 */
export async function readChat(
  deps: Pick<ChatDeps, 'db' | 'engine'>,
  { userId, businessId, chatId }: ChatRef,
): Promise<ChatMessages> {
  const { db, engine } = deps;
  const { chat } = await ownChat(db, { userId, businessId, chatId });
  const shownRows = () =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.shown, true)))
      .orderBy(asc(messages.id));
  let rows = await shownRows();
  // An answer left unfinished by a process that died is failed (and refunded) when it is read.
  const unfinished = rows.filter((m) => !m.finished && !engine.live(m.id)).map((m) => m.id);
  if (unfinished.length > 0 && (await interruptStaleGenerations(db, unfinished)) > 0) {
    rows = await shownRows();
  }
  const files = await db
    .select({ attachment: attachments })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(eq(messages.chatId, chatId))
    .orderBy(asc(attachments.createdAt));
  const byMessage = new Map<number, AttachmentRow[]>();
  for (const { attachment } of files) {
    byMessage.set(attachment.messageId, [...(byMessage.get(attachment.messageId) ?? []), attachment]);
  }
  const versions = await versionsOf(db, chatId);
  const states = await answerStates(
    db,
    rows.filter((m) => m.sender === 'ai_model').map((m) => m.id),
  );
  return {
    chat: toChat(chat),
    messages: rows.map((m) => {
      // The text generated so far, not its database lag, for an answer this process is writing; one
      // whose end is not stored yet is already finished for its reader.
      const running = engine.live(m.id);
      const state = states.get(m.id);
      return toMessage(
        running ? { ...m, content: running.text, finished: m.finished || running.complete } : m,
        byMessage.get(m.id),
        running && state ? { ...state, stopped: running.state === 'stopped' } : state,
        versions.get(versionGroup(m)),
      );
    }),
  };
}

/** The chat as the app shows it, with each rated answer's thumbs (so a rating shows after a reload). */
export async function readChatWithFeedback(
  deps: Pick<ChatDeps, 'db' | 'engine'>,
  { userId, businessId, chatId }: ChatRef,
): Promise<ChatMessages> {
  return withFeedback(deps.db, await readChat(deps, { userId, businessId, chatId }));
}
