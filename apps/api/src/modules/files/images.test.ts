import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePngBomb } from '../../test/documents.ts';
import { describeSize, IMAGE_MAX_PIXELS, readImageHeader, tooManyPixels } from './images.ts';

/** An animated GIF of `frames` frames of `side`×`side`, each of another grey (equal frames are merged). */
async function animatedGif(side: number, frames: number): Promise<Buffer> {
  const frame = side * side;
  const raw = Buffer.alloc(frame * frames);
  for (let i = 0; i < frames; i++) raw.fill((i * 37) % 256, i * frame, (i + 1) * frame);
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 1, pageHeight: side } })
    .gif()
    .toBuffer();
}

describe('image headers', () => {
  it('reads the size of a decompression bomb without decoding it, and finds it too large', async () => {
    // 100 megapixels: under sharp's own default limit (268 MP), over ours.
    const header = await readImageHeader(await makePngBomb(10_000));
    expect(header).toEqual({ width: 10_000, height: 10_000, frames: 1 });
    expect(header && tooManyPixels(header)).toBe(true);
    expect(header && describeSize(header)).toBe('10.000 × 10.000 píxeles');
  });

  it('counts every frame of an animation', async () => {
    const header = await readImageHeader(await animatedGif(100, 3));
    expect(header).toEqual({ width: 100, height: 100, frames: 3 });
    expect(header && describeSize(header)).toBe('3 fotogramas de 100 × 100 píxeles');
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS / 3));
    expect(tooManyPixels({ width: side, height: side, frames: 3 })).toBe(true);
    expect(tooManyPixels({ width: side, height: side, frames: 2 })).toBe(false);
  });

  it('gives null for what is not an image', async () => {
    expect(await readImageHeader(Buffer.from('no soy una imagen'))).toBeNull();
  });
});
