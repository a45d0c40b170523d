import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_MIME_TYPES } from '@rumbo/contract';
import { AppError } from '../../http/errors.ts';
import {
  describeSize,
  IMAGE_MAX_MEGAPIXELS,
  IMAGE_MAX_PIXELS,
  readImageHeader,
  tooManyPixels,
} from '../files/images.ts';

const ACCEPTED = new Set<string>(LOGO_MIME_TYPES);
const unreadable = () =>
  new AppError(400, 'VALIDATION_ERROR', 'No se ha podido leer la imagen del logo', 'file');

/**
 * Checks that an upload really is a JPEG, PNG or WebP (by its bytes, not its name) of a sane number of
 * pixels, then re-encodes it as WebP of at most 512 px a side: what is stored never contains the
 * uploaded file's bytes.
 */
export async function processLogo(data: Uint8Array): Promise<Buffer> {
  if (data.byteLength > LOGO_MAX_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'El logo no puede superar 5 MB', 'file');
  }
  // Both loaded at the first logo, not at start (ADR 0027).
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'El logo debe ser una imagen JPEG, PNG o WebP', 'file');
  }
  const image = await readImageHeader(data);
  if (!image) throw unreadable();
  if (tooManyPixels(image)) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `El logo es demasiado grande para leerlo (${describeSize(image)}); el máximo son ${IMAGE_MAX_MEGAPIXELS} megapíxeles`,
      'file',
    );
  }
  try {
    const { default: sharp } = await import('sharp');
    // The decoder keeps its own limit: the header was read, the pixels were not.
    return await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(LOGO_MAX_PIXELS, LOGO_MAX_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}
