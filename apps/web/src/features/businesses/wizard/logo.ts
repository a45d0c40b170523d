import { LOGO_GRADIENTS, LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_MIME_TYPES } from '@rumbo/contract';
import { copy } from '../../../config/copy.es.ts';

/** What the file input offers in the picker (product.md §5: only JPEG, PNG or WebP). */
export const LOGO_ACCEPT = LOGO_MIME_TYPES.join(',');

/**
 * Why a chosen file cannot be the logo, or null when it can. product.md §5: a file whose name contains
 * '.gif' is ignored; the type and size are checked here too so that the user hears at once what the
 * server would refuse (it checks the real content again).
 */
export function logoFileProblem(file: File): string | null {
  if (file.name.toLowerCase().includes('.gif')) return copy.businesses.logo.gifRefused;
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return copy.businesses.logo.typeRefused;
  if (file.size > LOGO_MAX_BYTES) return copy.businesses.logo.tooLarge;
  return null;
}

/** The letter drawn on a gradient logo: the business name's first letter, or '?' before it has one. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase('es') : '?';
}

export function gradientCss(index: number): string {
  const [top, bottom] = LOGO_GRADIENTS[index] ?? LOGO_GRADIENTS[0];
  return `linear-gradient(to bottom, ${top}, ${bottom})`;
}

/**
 * Draws one of the six vertical gradients with the initial in the middle and returns it as a PNG, so
 * that a chosen colour is stored as a real image through the same upload as a file (ADR 0009).
 */
export function renderGradientLogo(index: number, initial: string, size = LOGO_MAX_PIXELS): Promise<Blob> {
  const [top, bottom] = LOGO_GRADIENTS[index] ?? LOGO_GRADIENTS[0];
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas 2d context unavailable'));
  const gradient = context.createLinearGradient(0, 0, 0, size);
  gradient.addColorStop(0, top);
  gradient.addColorStop(1, bottom);
  context.fillStyle = gradient;
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#ffffff';
  context.font = `600 ${Math.round(size * 0.5)}px ui-sans-serif, system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  // 'middle' sits on the em box; capitals look centred a little lower.
  context.fillText(initial, size / 2, size * 0.54);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))),
      'image/png',
    );
  });
}
