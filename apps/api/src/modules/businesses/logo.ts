import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from '@rumbo/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../http/errors.ts';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
// Far above any real logo; refuses decompression bombs before they are decoded.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks that an upload really is a JPEG, PNG or WebP (by its bytes, not its name), then re-encodes
 * it as WebP of at most 512 px a side: what is stored never contains the uploaded file's bytes.
 */
export async function processLogo(data: Uint8Array): Promise<Buffer> {
  if (data.byteLength > LOGO_MAX_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'El logo no puede superar 5 MB', 'file');
  }
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'El logo debe ser una imagen JPEG, PNG o WebP', 'file');
  }
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(LOGO_MAX_PIXELS, LOGO_MAX_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', 'No se ha podido leer la imagen del logo', 'file');
  }
}
