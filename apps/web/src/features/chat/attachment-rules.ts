import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENTS_MAX_TOTAL_BYTES,
  attachmentTypeOf,
} from '@rumbo/contract';
import { chatCopy } from '../../config/copy/chat.es.ts';

const t = chatCopy.input;

/** What the file picker offers (the server checks every file by its content anyway). */
export const ACCEPTED_FILES =
  'image/jpeg,image/png,image/webp,image/gif,application/pdf,.pdf,application/msword,.doc,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,.docx,text/plain,.txt';

const byExtension = /\.(jpe?g|png|webp|gif|pdf|docx?|txt)$/i;

/**
 * Which of the picked files may join the `current` ones under the limits the server enforces (count,
 * size each, size together), with a Spanish notice for each file left out, so nothing is dropped
 * silently and nothing is sent only to be refused.
 */
export function admitFiles(
  current: ReadonlyArray<{ size: number }>,
  picked: readonly File[],
): { admitted: File[]; notices: string[] } {
  const admitted: File[] = [];
  const notices: string[] = [];
  let count = current.length;
  let total = current.reduce((sum, file) => sum + file.size, 0);
  for (const file of picked) {
    if (attachmentTypeOf(file.type) === 'other' && !byExtension.test(file.name)) {
      notices.push(t.unsupported(file.name));
    } else if (file.size === 0) {
      notices.push(t.empty(file.name));
    } else if (file.size > ATTACHMENT_MAX_BYTES) {
      notices.push(t.tooBig(file.name));
    } else if (count >= ATTACHMENT_MAX_FILES) {
      if (!notices.includes(t.tooMany)) notices.push(t.tooMany);
    } else if (total + file.size > ATTACHMENTS_MAX_TOTAL_BYTES) {
      if (!notices.includes(t.tooBigTotal)) notices.push(t.tooBigTotal);
    } else {
      admitted.push(file);
      count += 1;
      total += file.size;
    }
  }
  return { admitted, notices };
}
