import { z } from 'zod';

/** Spec §3 'Chat', 'Message', 'File attachment'. */
export const UNSAVED_CHAT_ID = -123;
export const UNSAVED_CHAT_START = 'no_started';
export const FAILED_ANSWER_CONTENT = 'error';
export const MAX_SEND_ATTEMPTS = 15;

export const chatSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  start_time: z.string(),
  title: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const ATTACHMENT_TYPES = ['image', 'document', 'other'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const fileAttachmentSchema = z.object({
  id: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  name: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type FileAttachment = z.infer<typeof fileAttachmentSchema>;

export const MESSAGE_SENDERS = ['user', 'ai_model'] as const;

export const messageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(MESSAGE_SENDERS),
  content: z.string(),
  /** ISO timestamp with 6 fractional digits, e.g. 2026-11-21T10:00:00.123456Z. */
  time: z.string(),
  finished: z.boolean(),
  fileAttachments: z.array(fileAttachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;

const DOCUMENT_MIME_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
]);

/** Spec §3: image if the MIME type starts with image/; document for PDF, Word and plain text. */
export function attachmentTypeOf(mimeType: string): AttachmentType {
  if (mimeType.startsWith('image/')) return 'image';
  if (DOCUMENT_MIME_TYPES.has(mimeType)) return 'document';
  return 'other';
}

/** Formats a time as ISO 8601 with exactly 6 fractional digits (spec §3 'Message'). */
export function toMicrosecondIso(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
