import {
  type AttachmentType,
  attachmentTypeOf,
  creditsExhaustedMessage,
  FAILED_ANSWER_CONTENT,
  type Message,
} from '@rumbo/contract';
import { paths } from '../../config/paths.ts';
import { isPdf } from './pdf-viewer/pdf-source.ts';

/** A file on a message as the chat shows it: server files have a URL, just-sent ones a local one. */
export interface AttachmentView {
  key: string;
  type: AttachmentType;
  name: string;
  size: number;
  /** Where a click opens it (a new window): the file itself, or for a PDF the app's viewer (ADR 0032). */
  url: string;
  /** The image itself, for previews. */
  preview: string | null;
}

/** One message of the open chat (product.md §3 'Message', plus what only the screen needs). */
export interface ChatMessageView {
  /** Stable across the send and the server's copy, so React keeps the element. */
  key: string;
  id: number | null;
  sender: 'user' | 'ai_model';
  content: string;
  finished: boolean;
  /** The answer is arriving now: the screen reveals it progressively and offers to stop it. */
  streaming: boolean;
  /** The credits-exhausted answer, which carries the 'Mejorar plan' link (product.md §2.6). */
  exhausted: boolean;
  /** Cut short because the server generating it stopped: its text is partial and was not charged. */
  interrupted: boolean;
  /** The user's rating of a stored answer, as last read from the server. */
  feedback?: Message['feedback'];
  /** The user stopped it mid-way ('Respuesta detenida'); `charged` says whether it took credits. */
  stopped?: boolean;
  charged?: boolean;
  /** The ids of the message's versions, oldest first, when it has several (ADR 0043). */
  versions?: readonly number[];
  /** Being tried again after a failure: the attempt under way and the most there will be. */
  retrying?: { attempt: number; max: number } | null;
  attachments: AttachmentView[];
}

/** An answer made here (before the server has one): waiting to stream, or the local exhausted text. */
export function answerView(
  key: string,
  content: string,
  state: Partial<Pick<ChatMessageView, 'finished' | 'streaming' | 'exhausted'>>,
): ChatMessageView {
  return {
    key,
    id: null,
    sender: 'ai_model',
    content,
    finished: false,
    streaming: false,
    exhausted: false,
    interrupted: false,
    attachments: [],
    ...state,
  };
}

/** A file the user picked for the next message (product.md §3 'File attachment'). */
export interface PendingAttachment {
  key: string;
  file: File;
  type: AttachmentType;
  name: string;
  size: number;
  /** A data URL for images (product.md §3 'preview'); null for other files. */
  preview: string | null;
}

export function isFailedAnswer(message: Pick<ChatMessageView, 'sender' | 'content'>): boolean {
  return message.sender === 'ai_model' && message.content === FAILED_ANSWER_CONTENT;
}

/** Both plan variants of the exhausted text, as the server stores them in the answer. */
export function isCreditsExhaustedText(content: string, productName: string): boolean {
  return (
    content === creditsExhaustedMessage(productName, 9) || content === creditsExhaustedMessage(productName, 5)
  );
}

/** A stored message as the screen shows it; an unfinished answer is still being generated. */
export function fromServerMessage(message: Message, productName: string): ChatMessageView {
  return {
    key: `m${message.id}`,
    id: message.id,
    sender: message.sender,
    content: message.content,
    finished: message.finished,
    streaming: message.sender === 'ai_model' && !message.finished,
    exhausted: message.sender === 'ai_model' && isCreditsExhaustedText(message.content, productName),
    interrupted: message.interrupted === true,
    feedback: message.feedback ?? null,
    stopped: message.stopped === true,
    charged: message.charged === true,
    ...(message.versions ? { versions: message.versions } : {}),
    attachments: message.fileAttachments.map((file) => ({
      key: file.id,
      type: file.type,
      name: file.name,
      size: file.size,
      url: opensAt(file.url, { mimeType: file.mime_type, name: file.name }),
      preview: file.type === 'image' ? file.url : null,
    })),
  };
}

/** Where a click on an attachment at `url` goes: a PDF to the app's viewer, anything else to the file. */
export function opensAt(url: string, file: { mimeType?: string; name: string }): string {
  return isPdf(file) ? paths.pdf(url, file.name) : url;
}

/** Reads a picked file for the preview; rejects when the browser cannot read it. */
export function readAttachment(file: File): Promise<PendingAttachment> {
  const type = attachmentTypeOf(file.type);
  const base = { key: crypto.randomUUID(), file, type, name: file.name, size: file.size };
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.onload = () =>
      resolve({
        ...base,
        preview: type === 'image' && typeof reader.result === 'string' ? reader.result : null,
      });
    // Reading proves the file can be sent (one removed or without permission fails here); only images
    // need their bytes now, for the preview.
    if (type === 'image') reader.readAsDataURL(file);
    else reader.readAsArrayBuffer(file.slice(0, 1));
  });
}
