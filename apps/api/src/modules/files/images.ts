/** Pixels of an image (all its frames), chat attachments and logos alike: 40 MP is a large photograph. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_MEGAPIXELS = IMAGE_MAX_PIXELS / 1_000_000;
export interface ImageHeader {
  width: number;
  height: number;
  /** Frames of an animated image (1 otherwise). */
  frames: number;
}

/**
 * An image's size from its header, or null when sharp cannot read it. No pixel is decoded here, so
 * the header is read without sharp's pixel limit and the limit is applied to what it says (every
 * frame counted), for a message that names the size; whatever decodes the image passes the limit.
 */
export async function readImageHeader(data: Uint8Array): Promise<ImageHeader | null> {
  try {
    // Loaded at first use, not at start (ADR 0027); a failure to load is an unreadable image too.
    const { default: sharp } = await import('sharp');
    // The first frame's size, and the number of frames.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return { width: meta.width, height: meta.height, frames: meta.pages ?? 1 };
  } catch {
    return null;
  }
}

export const tooManyPixels = (image: ImageHeader) =>
  image.width * image.height * image.frames > IMAGE_MAX_PIXELS;

/** "20.000 × 20.000 píxeles", with the frames of an animation when there are several. */
export function describeSize(image: ImageHeader): string {
  const number = new Intl.NumberFormat('es-ES');
  const size = `${number.format(image.width)} × ${number.format(image.height)} píxeles`;
  return image.frames > 1 ? `${image.frames} fotogramas de ${size}` : size;
}
