import { describe, expect, it } from 'vitest';
import { isPdf, pdfSource } from './pdf-source.ts';

const origin = 'http://localhost:3000';

describe('pdfSource', () => {
  it('accepts a stored attachment of this app and a file just sent from it', () => {
    expect(pdfSource('/api/businesses/4/chats/17/attachments/3f2a-9c_1', origin)).toBe(
      '/api/businesses/4/chats/17/attachments/3f2a-9c_1',
    );
    expect(pdfSource(`${origin}/api/businesses/4/chats/17/attachments/abc`, origin)).toBe(
      '/api/businesses/4/chats/17/attachments/abc',
    );
    const blob = `blob:${origin}/6d0c5f0e-1c1e-4b8e-9a8a-2d9f0b6f1e11`;
    expect(pdfSource(blob, origin)).toBe(blob);
  });

  it('refuses other sites, other routes of the API and anything that is not an address', () => {
    for (const src of [
      null,
      '',
      'https://evil.example/api/businesses/4/chats/17/attachments/abc',
      '//evil.example/api/businesses/4/chats/17/attachments/abc',
      'blob:https://evil.example/6d0c5f0e',
      'javascript:alert(1)',
      'data:application/pdf;base64,JVBERi0=',
      '/api/users/me',
      '/api/businesses/4/chats/17/attachments/abc/../../../../users/me',
      '/api/businesses/4/chats/17/attachments/abc?x=1',
      '/api/businesses/4/chats/17/attachments/',
      'http://[',
    ]) {
      expect(pdfSource(src, origin)).toBeNull();
    }
  });
});

describe('isPdf', () => {
  it('trusts the type the server found, else the name', () => {
    expect(isPdf({ mimeType: 'application/pdf', name: 'informe' })).toBe(true);
    expect(isPdf({ mimeType: 'text/plain', name: 'notas.pdf' })).toBe(false);
    expect(isPdf({ mimeType: '', name: 'Presupuesto.PDF' })).toBe(true);
    expect(isPdf({ name: 'foto.png' })).toBe(false);
  });
});
