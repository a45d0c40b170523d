import { INVALID_CHARACTER_MESSAGE } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import {
  JSON_MAX_DEPTH,
  JSON_STRING_MAX_LENGTH,
  STRING_TOO_LONG_MESSAGE,
  scanJsonText,
  TOO_DEEP_MESSAGE,
} from './body-check.ts';

// The edge's scan of a body's text (ADR 0026): what it refuses, the field it names, and the text it lets
// through (lone surrogates made U+FFFD, everything else as it came).

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('scanJsonText', () => {
  it('lets JSON within the limits through unchanged', () => {
    const text = JSON.stringify({
      name: 'Oliva "Directa" \\ ñ 💥',
      events: [{ properties: { a: [1, 'x', null], b: { c: 'd' } } }],
      emoji: '\ud83d\udca5',
    });
    expect(scanJsonText(text)).toEqual({ ok: true, text });
    expect(scanJsonText(nested(JSON_MAX_DEPTH))).toEqual({ ok: true, text: nested(JSON_MAX_DEPTH) });
    expect(scanJsonText('{"name":')).toEqual({ ok: true, text: '{"name":' });
  });

  it('refuses nesting past the limit, also 10,000 levels and unclosed', () => {
    for (const text of [
      nested(JSON_MAX_DEPTH + 1),
      nested(10_000),
      '{"a":'.repeat(10_000),
      '['.repeat(10_000),
    ]) {
      expect(scanJsonText(text)).toEqual({ ok: false, issue: { message: TOO_DEEP_MESSAGE } });
    }
  });

  it('does not count brackets inside strings', () => {
    const text = JSON.stringify({ content: '['.repeat(1000) + '{'.repeat(1000) });
    expect(scanJsonText(text).ok).toBe(true);
  });

  it('refuses a string past the limit once unescaped, naming its field', () => {
    const long = 'x'.repeat(JSON_STRING_MAX_LENGTH + 1);
    expect(scanJsonText(JSON.stringify({ user: { name: long } }))).toEqual({
      ok: false,
      issue: { message: STRING_TOO_LONG_MESSAGE, field: 'user.name' },
    });
    expect(scanJsonText(JSON.stringify({ events: [{ a: 1 }, { properties: ['y', long] }] }))).toMatchObject({
      issue: { field: 'events.1.properties.1' },
    });
    // A key is named by the object that holds it.
    expect(scanJsonText(JSON.stringify({ properties: { [long]: 1 } }))).toMatchObject({
      issue: { field: 'properties' },
    });
    expect(scanJsonText(JSON.stringify('z'.repeat(1_000_000)))).toMatchObject({
      ok: false,
      issue: { message: STRING_TOO_LONG_MESSAGE },
    });
    // Escapes count as the character they stand for.
    const escaped = `{"a":"${'\\n'.repeat(JSON_STRING_MAX_LENGTH)}"}`;
    expect(scanJsonText(escaped).ok).toBe(true);
  });

  it('refuses the NUL character, escaped, naming its field', () => {
    expect(scanJsonText('{"email":"ana\\u0000@example.com"}')).toEqual({
      ok: false,
      issue: { message: INVALID_CHARACTER_MESSAGE, field: 'email' },
    });
    expect(scanJsonText('{"a\\u0000":1}')).toMatchObject({ ok: false });
  });

  it('makes lone surrogates U+FFFD, in values and keys, and keeps pairs', () => {
    expect(scanJsonText('{"name":"ñ\\ud800"}')).toEqual({ ok: true, text: '{"name":"ñ\\ufffd"}' });
    expect(scanJsonText('{"\\uDC00x":"\\uD83D\\uDCA5 \\udbff"}')).toEqual({
      ok: true,
      text: '{"\\ufffdx":"\\uD83D\\uDCA5 \\ufffd"}',
    });
    // Two highs in a row: both lone.
    expect(scanJsonText('"\\ud800\\ud800"')).toEqual({ ok: true, text: '"\\ufffd\\ufffd"' });
    // Written as such rather than escaped (a caller in-process).
    expect(scanJsonText('{"name":"a\ud800"}')).toEqual({ ok: true, text: '{"name":"a\ufffd"}' });
    const parsed = JSON.parse((scanJsonText('["ñ\\ud800"]') as { text: string }).text) as string[];
    expect(parsed[0]).toBe('ñ\ud800'.toWellFormed());
  });
});
