import { describe, expect, it } from 'vitest';
import { initialOf, LOGO_ACCEPT, logoFileProblem } from './logo.ts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('logoFileProblem (product.md §5)', () => {
  it('accepts JPEG, PNG and WebP', () => {
    expect(logoFileProblem(file('logo.png', 'image/png'))).toBeNull();
    expect(logoFileProblem(file('logo.jpg', 'image/jpeg'))).toBeNull();
    expect(logoFileProblem(file('logo.webp', 'image/webp'))).toBeNull();
  });

  it("ignores any file whose name contains '.gif', whatever it claims to be", () => {
    const notice = 'No se admiten GIF. Elige una imagen JPEG, PNG o WebP.';
    expect(logoFileProblem(file('animado.gif', 'image/gif'))).toBe(notice);
    expect(logoFileProblem(file('animado.GIF', 'image/png'))).toBe(notice);
    expect(logoFileProblem(file('foto.gif.png', 'image/png'))).toBe(notice);
  });

  it('refuses other types and files over 5 MB', () => {
    expect(logoFileProblem(file('logo.svg', 'image/svg+xml'))).toBe(
      'Formato no admitido. Elige una imagen JPEG, PNG o WebP.',
    );
    expect(logoFileProblem(file('grande.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe(
      'La imagen pesa más de 5 MB. Elige una más ligera.',
    );
  });

  it('offers only those types in the file picker', () => {
    expect(LOGO_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });
});

describe('initialOf', () => {
  it('is the first letter of the name, upper case', () => {
    expect(initialOf('  oliva directa')).toBe('O');
    expect(initialOf('ñandú')).toBe('Ñ');
    expect(initialOf('')).toBe('?');
  });
});
