import { FAILED_ANSWER_CONTENT, FAILED_ANSWER_MESSAGE } from '@rumbo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { attachments, messages } from '../../../db/schema/index.ts';
import { type ChatRef, ownChat } from '../owned.ts';

// The export's own words (the file is read outside the app, so they are written here, in Spanish).
const LABELS = {
  untitled: 'Chat sin título',
  started: 'Empezado el',
  exported: 'Exportado el',
  you: 'Tú',
  mentor: 'Mentor',
  attachments: 'Adjuntos',
  unfinished: '(respuesta sin terminar)',
};

/** A date as '2026-11-21 10:00 UTC': the same for every reader, whatever their time zone. */
const dateText = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A file name from the title: letters without accents, digits and dashes only (nothing a browser or
 * a file system could read as a path or a header), at most 60 characters, never empty.
 */
export function exportFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'chat'}.md`;
}

/**
 * A thread as Markdown: its title, dates, and each question and answer of the branch shown in order, with the names of
 * the files attached to each question.
 */
export async function exportChat(
  db: Db,
  { userId, businessId, chatId }: ChatRef,
  now = new Date(),
): Promise<{ fileName: string; markdown: string }> {
  const { chat } = await ownChat(db, { userId, businessId, chatId });
  // The branch the chat shows (ADR 0043), as the reader sees it.
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.shown, true)))
    .orderBy(asc(messages.id));
  const files = await db
    .select({ messageId: attachments.messageId, name: attachments.name })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(eq(messages.chatId, chatId))
    .orderBy(asc(attachments.createdAt));
  const title = chat.title.trim() || LABELS.untitled;
  const parts = [
    `# ${title}`,
    `${LABELS.started} ${dateText(chat.startTime)} · ${LABELS.exported} ${dateText(now)}`,
  ];
  for (const message of rows) {
    const names = files.filter((f) => f.messageId === message.id).map((f) => f.name);
    const speaker = message.sender === 'user' ? LABELS.you : LABELS.mentor;
    const body =
      message.sender === 'ai_model' && message.content === FAILED_ANSWER_CONTENT
        ? FAILED_ANSWER_MESSAGE
        : message.content.trim();
    const section = [`## ${speaker} · ${dateText(message.time)}`];
    if (body) section.push(body);
    if (names.length > 0) section.push(`${LABELS.attachments}: ${names.join(', ')}`);
    if (message.sender === 'ai_model' && !message.finished) section.push(LABELS.unfinished);
    parts.push(section.join('\n\n'));
  }
  return { fileName: exportFileName(title), markdown: `${parts.join('\n\n')}\n` };
}
