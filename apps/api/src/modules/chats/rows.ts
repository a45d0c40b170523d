import type { attachments, businesses, chats, messages } from '../../db/schema/index.ts';

// The row shapes the chat module passes between its files.

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type BusinessRow = typeof businesses.$inferSelect;

/** A message of the chat as the model's context reads it (the question being sent too, before it is stored). */
export interface HistoryRow {
  sender: 'user' | 'ai_model';
  content: string;
  finished: boolean;
  answer_kind: string | null;
  files: Array<{
    name: string;
    type: 'image' | 'document' | 'other';
    text: string | null;
    key: string;
    mime: string;
  }> | null;
}

/** A messages row as `row_to_json` gives it. */
export interface RawMessage {
  id: number;
  chat_id: number;
  sender: 'user' | 'ai_model';
  content: string;
  finished: boolean;
  client_message_id: string | null;
  reply_to: number | null;
  answer_kind: string | null;
  interrupted: boolean;
  time: string;
  parent_id: number | null;
  version_of: number | null;
  shown: boolean;
  selected_at: string;
}

export function fromRaw(raw: RawMessage): MessageRow {
  return {
    id: Number(raw.id),
    chatId: Number(raw.chat_id),
    sender: raw.sender,
    content: raw.content,
    finished: raw.finished,
    clientMessageId: raw.client_message_id,
    replyTo: raw.reply_to === null ? null : Number(raw.reply_to),
    answerKind: raw.answer_kind,
    interrupted: raw.interrupted,
    time: new Date(raw.time),
    parentId: raw.parent_id === null ? null : Number(raw.parent_id),
    versionOf: raw.version_of === null ? null : Number(raw.version_of),
    shown: raw.shown,
    selectedAt: new Date(raw.selected_at),
  };
}
