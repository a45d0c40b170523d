import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENTS_MAX_TOTAL_BYTES,
  type AttachmentType,
  attachmentTypeOf,
  ERROR_CODES,
} from '@rumbo/contract';
import { AppError, badRequest } from '../../../http/errors.ts';
import { createTextExtractor, type ExtractTask } from '../../files/extract/extractor.ts';
import {
  DOCX_MAX_INFLATED_BYTES,
  EXTRACTION_TIMEOUT_MS,
  TEXT_MAX_CHARS,
} from '../../files/extract/limits.ts';
import { describeSize, IMAGE_MAX_MEGAPIXELS, readImageHeader, tooManyPixels } from '../../files/images.ts';

/** An upload checked by its content, with its text read once. */
export interface CheckedAttachment {
  name: string;
  mimeType: string;
  type: AttachmentType;
  data: Uint8Array;
  /** null for images; '' when a document has no text to extract (a scanned PDF). */
  text: string | null;
}

const MB = 1024 * 1024;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const SUPPORTED =
  'Adjunta imágenes (JPEG, PNG, WebP o GIF), documentos PDF, Word (.docx) o archivos de texto (.txt).';

const unsupported = (message: string) => new AppError(415, ERROR_CODES.unsupportedMedia, message, 'files');
const tooLarge = (message: string) => new AppError(413, ERROR_CODES.payloadTooLarge, message, 'files');

/** PDF and Word documents are read in processes of their own, within time, memory and size limits. */
const extractor = createTextExtractor();

/** A display name without folders or control characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'archivo').slice(0, 200);
}

/** product.md §5 'Attachments': count and size limits, in Spanish. */
export function checkLimits(files: Array<{ name: string; size: number }>): void {
  if (files.length > ATTACHMENT_MAX_FILES) {
    throw badRequest(`Puedes adjuntar como máximo ${ATTACHMENT_MAX_FILES} archivos por mensaje`, 'files');
  }
  let total = 0;
  for (const file of files) {
    if (file.size === 0) throw badRequest(`«${cleanFileName(file.name)}» está vacío`, 'files');
    if (file.size > ATTACHMENT_MAX_BYTES) {
      throw new AppError(
        413,
        ERROR_CODES.payloadTooLarge,
        `«${cleanFileName(file.name)}» ocupa más de ${ATTACHMENT_MAX_BYTES / MB} MB, el máximo por archivo`,
        'files',
      );
    }
    total += file.size;
  }
  if (total > ATTACHMENTS_MAX_TOTAL_BYTES) {
    throw new AppError(
      413,
      ERROR_CODES.payloadTooLarge,
      `Los archivos de un mensaje no pueden ocupar más de ${ATTACHMENTS_MAX_TOTAL_BYTES / MB} MB en total`,
      'files',
    );
  }
}

function isPlainText(data: Uint8Array): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

async function checkImage(name: string, mime: string, data: Uint8Array): Promise<CheckedAttachment> {
  const image = await readImageHeader(data);
  if (!image) throw unsupported(`«${name}» no es una imagen válida`);
  if (tooManyPixels(image)) {
    throw tooLarge(
      `«${name}» es demasiado grande para leerla (${describeSize(image)}); el máximo son ${IMAGE_MAX_MEGAPIXELS} megapíxeles`,
    );
  }
  return { name, mimeType: mime, type: 'image', data, text: null };
}

/** Reads a document's text in a reading process; a refusal says why, naming the file. */
async function readDocument(name: string, task: ExtractTask, unreadable: string): Promise<string> {
  const outcome = await extractor.extract(task);
  if ('text' in outcome) return outcome.text.trim();
  switch (outcome.refused) {
    case 'unreadable':
      throw unsupported(unreadable);
    case 'too-large': {
      const limit = task.kind === 'docx' ? ` (más de ${DOCX_MAX_INFLATED_BYTES / MB} MB)` : '';
      throw tooLarge(`«${name}» ocupa demasiado una vez descomprimido${limit} y no se puede leer`);
    }
    case 'too-complex':
      throw new AppError(
        422,
        ERROR_CODES.documentTooComplex,
        `«${name}» es demasiado complejo para leerlo en ${EXTRACTION_TIMEOUT_MS / 1000} segundos. Prueba con una versión más corta o guárdalo de nuevo como PDF.`,
        'files',
      );
    case 'busy':
      throw new AppError(
        503,
        ERROR_CODES.unavailable,
        `Ahora mismo se están leyendo muchos documentos. Vuelve a enviar «${name}» en unos segundos.`,
        'files',
      );
    case 'no-memory':
      throw new AppError(
        503,
        ERROR_CODES.unavailable,
        `Ahora mismo el servidor no tiene memoria libre para leer «${name}». Vuelve a enviarlo en unos minutos.`,
        'files',
      );
  }
}

/**
 * Identifies a file by its bytes (never by its name or declared type), refuses what the chat does not
 * take, and reads the text of documents.
 */
export async function checkAttachment(rawName: string, data: Uint8Array): Promise<CheckedAttachment> {
  const name = cleanFileName(rawName);
  // Loaded at the first attachment, not at start (ADR 0027).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime;

  if (mime && IMAGE_TYPES.has(mime)) return checkImage(name, mime, data);
  if (mime === 'application/pdf') {
    const text = await readDocument(
      name,
      { kind: 'pdf', data },
      `No se ha podido leer el PDF «${name}» (¿está dañado o protegido con contraseña?)`,
    );
    return { name, mimeType: mime, type: 'document', data, text };
  }
  if (mime === DOCX) {
    const text = await readDocument(
      name,
      { kind: 'docx', data },
      `No se ha podido leer el documento de Word «${name}»`,
    );
    return { name, mimeType: mime, type: 'document', data, text };
  }
  if (mime === 'application/x-cfb') {
    // Word 97-2003 (.doc) is an OLE compound file: no maintained JavaScript reader extracts it reliably.
    throw unsupported(
      `«${name}» es un documento de Word antiguo (.doc) y no se puede leer. Guárdalo como .docx o PDF y vuelve a adjuntarlo.`,
    );
  }
  if (!detected) {
    const text = isPlainText(data);
    if (text !== null) {
      return {
        name,
        mimeType: 'text/plain',
        type: attachmentTypeOf('text/plain'),
        data,
        text: text.slice(0, TEXT_MAX_CHARS),
      };
    }
  }
  throw unsupported(`«${name}» no es un tipo de archivo admitido. ${SUPPORTED}`);
}
