import { type Chat, type FileAttachment, type Message, toMicrosecondIso } from '@rumbo/contract';
import type { AttachmentRow, ChatRow, MessageRow } from './rows.ts';

// Rows as the API answers them (the contract's shapes).

export const attachmentUrl = (businessId: number, chatId: number, id: string) =>
  `/api/businesses/${businessId}/chats/${chatId}/attachments/${id}`;

export function toChat(row: ChatRow): Chat {
  return {
    id: row.id,
    business_id: row.businessId,
    start_time: toMicrosecondIso(row.startTime),
    title: row.title,
  };
}

function toAttachment(row: AttachmentRow, chatId: number): FileAttachment {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    size: row.size,
    mime_type: row.mimeType,
    url: attachmentUrl(row.businessId, chatId, row.id),
  };
}

/** What an answer's latest attempt says about it: stopped by the user, and whether it took credits. */
export interface AnswerState {
  stopped: boolean;
  charged: boolean;
}

/** A generation's status and cost as an answer's state: failed and interrupted attempts were refunded. */
export const answerStateOf = (status: string, cost: number): AnswerState => ({
  stopped: status === 'stopped',
  charged: cost > 0 && (status === 'running' || status === 'finished' || status === 'stopped'),
});

/** What a message shows besides its row: its files, an answer's state, the versions of its group. */
export interface MessageExtras {
  files?: AttachmentRow[];
  state?: AnswerState;
  versions?: number[];
}

export function toMessage(row: MessageRow, { files = [], state, versions }: MessageExtras = {}): Message {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    time: toMicrosecondIso(row.time),
    finished: row.finished,
    interrupted: row.interrupted,
    ...(row.sender === 'ai_model'
      ? { stopped: state?.stopped ?? false, charged: state?.charged ?? false }
      : {}),
    fileAttachments: files.map((f) => toAttachment(f, row.chatId)),
    ...(versions ? { versions } : {}),
  };
}
