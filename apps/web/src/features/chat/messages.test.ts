import type { Message } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { fromServerMessage } from './messages.ts';

const question = (fileAttachments: Message['fileAttachments']): Message => ({
  id: 7,
  sender: 'user',
  content: 'Mira estos archivos',
  time: '2026-11-21T10:00:00.123456Z',
  finished: true,
  fileAttachments,
});

const stored = (id: string, name: string, mime_type: string, type: 'image' | 'document') => ({
  id,
  type,
  name,
  size: 2048,
  mime_type,
  url: `/api/businesses/4/chats/17/attachments/${id}`,
});

describe('fromServerMessage', () => {
  it('opens a stored PDF in the app’s viewer, whatever its name, and any other file as it is', () => {
    const view = fromServerMessage(
      question([
        stored('a1', 'informe', 'application/pdf', 'document'),
        stored('a2', 'foto.png', 'image/png', 'image'),
        stored('a3', 'notas.pdf.txt', 'text/plain', 'document'),
      ]),
      'Rumbo',
    );
    const [pdf, image, text] = view.attachments;
    const viewer = new URL(pdf?.url ?? '', 'http://localhost');
    expect(viewer.pathname).toBe('/pdf');
    expect(viewer.searchParams.get('src')).toBe('/api/businesses/4/chats/17/attachments/a1');
    expect(viewer.searchParams.get('name')).toBe('informe');
    expect(image?.url).toBe('/api/businesses/4/chats/17/attachments/a2');
    expect(image?.preview).toBe('/api/businesses/4/chats/17/attachments/a2');
    expect(text?.url).toBe('/api/businesses/4/chats/17/attachments/a3');
  });
});
