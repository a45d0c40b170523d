import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, creditsExhaustedMessage, sendMessageSchema, toMicrosecondIso } from './index.ts';

describe('message shapes (product.md §3)', () => {
  it('writes times with 6 fractional digits', () => {
    expect(toMicrosecondIso(new Date('2026-11-21T10:00:00.123Z'))).toBe('2026-11-21T10:00:00.123000Z');
  });

  it('classifies attachments by MIME type', () => {
    expect(attachmentTypeOf('image/png')).toBe('image');
    expect(attachmentTypeOf('application/pdf')).toBe('document');
    expect(attachmentTypeOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'document',
    );
    expect(attachmentTypeOf('text/plain')).toBe('document');
    expect(attachmentTypeOf('application/zip')).toBe('other');
  });
});

describe('answers without a model call (product.md §8)', () => {
  it('has one credits-exhausted text for plan 9 and another for other plans', () => {
    expect(creditsExhaustedMessage('Rumbo', 9)).toBe(
      'Lo sentimos, has agotado todos los créditos disponibles en tu plan. Para seguir usando Rumbo, mejora tu plan a uno superior.',
    );
    expect(creditsExhaustedMessage('Rumbo', 5)).toBe(
      'Lo sentimos, has agotado todos los créditos disponibles en tu plan. Para seguir usando Rumbo, mejora tu suscripción o espera a que tus créditos se renueven automáticamente.',
    );
  });

  it('accepts client message ids that are UUIDs and refuses odd ones', () => {
    expect(sendMessageSchema.safeParse({ client_message_id: crypto.randomUUID() }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ client_message_id: 'a b' }).success).toBe(false);
    expect(sendMessageSchema.parse({}).content).toBe('');
  });
});
