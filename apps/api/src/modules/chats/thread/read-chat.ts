import type { ChatMessages } from '@rumbo/contract';
import { and, asc, eq } from 'drizzle-orm';
import { attachments, messages } from '../../../db/schema/index.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { answerStates } from '../engine/answer-queries.ts';
import { interruptStaleGenerations } from '../engine/generation-store.ts';
import type { LiveGeneration } from '../engine/live-generation.ts';
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
  // The answers this process was generating when the rows were read, taken at once: one that ends
  // while the rest is read leaves the engine's map, and its row as read holds neither its text nor
  // its end.
  const live = new Map<number, LiveGeneration>();
  const read = async () => {
    const shown = await shownRows();
    for (const m of shown) {
      const running = engine.live(m.id);
      if (running) live.set(m.id, running);
    }
    return shown;
  };
  let rows = await read();
  // An unfinished answer no generation of this process holds: left by a process that died (failed and
  // refunded here), written by another process, or ended since the read (whose end another
  // connection stored after it): read again.
  const unfinished = rows.filter((m) => !m.finished && !live.has(m.id)).map((m) => m.id);
  if (unfinished.length > 0) {
    await interruptStaleGenerations(db, unfinished);
    rows = await read();
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
      const running = live.get(m.id);
      const state = states.get(m.id);
      return toMessage(
        running ? { ...m, content: running.text, finished: m.finished || running.complete } : m,
        {
          files: byMessage.get(m.id),
          state: running && state ? { ...state, stopped: running.state === 'stopped' } : state,
          versions: versions.get(versionGroup(m)),
        },
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
