import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, toMicrosecondIso } from './index.ts';

describe('message shapes (spec §3)', () => {
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
