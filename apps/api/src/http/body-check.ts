import { ERROR_CODES, INVALID_CHARACTER_MESSAGE } from '@rumbo/contract';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';
import type { InputIssue } from './validation.ts';

/**
 * The edge's check of every request body that may be JSON (ADR 0026), in front of every /api route,
 * Better Auth's included: before any handler parses it, the body's text is scanned once, character by
 * character, without recursion, for
 * - nesting deeper than JSON_MAX_DEPTH (a parser or a validator that walks the value recursively would
 *   overflow its stack on a body nested thousands of levels deep);
 * - a string (a key or a value) longer than JSON_STRING_MAX_LENGTH characters once unescaped;
 * - the NUL character, which PostgreSQL cannot store;
 * and a refusal answers 400 `{ code, message, field? }` in Spanish. The text that goes on is well-formed
 * UTF-16: an escaped half of a surrogate pair with no other half (`"\ud800"`) becomes `\ufffd`, as
 * `String.prototype.toWellFormed` would make of the parsed string; PostgreSQL stores U+FFFD for it and
 * PGlite would fail.
 */

/** Deepest nesting of objects and arrays a body may have: the API's own bodies need 4. */
export const JSON_MAX_DEPTH = 32;
/** Longest string of a body, in UTF-16 code units: above every field's own limit (a message: 20,000). */
export const JSON_STRING_MAX_LENGTH = 50_000;

export const TOO_DEEP_MESSAGE = `El contenido enviado tiene demasiados niveles anidados (como máximo ${JSON_MAX_DEPTH})`;
export const STRING_TOO_LONG_MESSAGE = `Un texto del contenido enviado es demasiado largo (como máximo ${JSON_STRING_MAX_LENGTH.toLocaleString('es-ES')} caracteres)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

export type ScanResult = { ok: true; text: string } | { ok: false; issue: InputIssue };

/** The value of hex digit `code`, or -1. */
function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x57;
  return -1;
}

/** The code unit of the four hex digits at `at`, or -1. */
function hex4(text: string, at: number): number {
  let value = 0;
  for (let k = at; k < at + 4; k++) {
    const digit = hexDigit(text.charCodeAt(k));
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** One open object or array: where a field path goes through it. */
interface Frame {
  isArray: boolean;
  /** The array's current index. */
  index: number;
  /** The object's current key, as [start, end) of its quoted text in the body; -1 before the first. */
  keyStart: number;
  keyEnd: number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/** The field path (`events.0.name`) of the open frames, keys decoded: only when a refusal names it. */
function pathOf(text: string, frames: Frame[], count: number): string | undefined {
  const parts: string[] = [];
  for (let f = 0; f < count; f++) {
    const frame = frames[f] as Frame;
    if (frame.isArray) parts.push(String(frame.index));
    else if (frame.keyStart >= 0) {
      const quoted = text.slice(frame.keyStart, frame.keyEnd);
      try {
        parts.push(String(JSON.parse(quoted)));
      } catch {
        parts.push(quoted.slice(1, -1));
      }
    }
  }
  return parts.join('.') || undefined;
}

/**
 * Scans a body's text as JSON (text that is not JSON goes on as it is, for its handler to refuse): no
 * recursion, one pass, the field path of a refused string given as zod would name it.
 */
export function scanJsonText(input: string): ScanResult {
  // Lone surrogates written as such (not escaped) cannot come from UTF-8, but a caller in-process can.
  const text = input.isWellFormed() ? input : input.toWellFormed();
  const frames: Frame[] = [];
  let depth = 0;
  /** Offsets of `\uXXXX` escapes of lone surrogates: each becomes `\ufffd` (the same length). */
  const lone: number[] = [];
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      const start = i;
      let units = 0;
      let nul = false;
      let j = i + 1;
      while (j < length) {
        const c = text.charCodeAt(j);
        if (c === QUOTE) break;
        if (c === BACKSLASH) {
          if (text.charCodeAt(j + 1) !== LETTER_U) {
            units += 1;
            j += 2;
            continue;
          }
          const unit = hex4(text, j + 2);
          if (unit === 0) nul = true;
          if (isHigh(unit)) {
            if (text.charCodeAt(j + 6) === BACKSLASH && text.charCodeAt(j + 7) === LETTER_U) {
              if (isLow(hex4(text, j + 8))) {
                units += 2;
                j += 12;
                continue;
              }
            }
            lone.push(j);
          } else if (isLow(unit)) {
            lone.push(j);
          }
          units += 1;
          j += 6;
          continue;
        }
        if (c === 0) nul = true;
        units += 1;
        j += 1;
      }
      const frame = frames[depth - 1];
      const isKey = frame !== undefined && !frame.isArray && frame.expectKey;
      if (isKey) {
        frame.keyStart = start;
        frame.keyEnd = j + 1;
        frame.expectKey = false;
      }
      if (units > JSON_STRING_MAX_LENGTH || nul) {
        // A key is named by the object that holds it; a value by its key too.
        const field = pathOf(text, frames, isKey ? depth - 1 : depth);
        return {
          ok: false,
          issue: { message: nul ? INVALID_CHARACTER_MESSAGE : STRING_TOO_LONG_MESSAGE, field },
        };
      }
      i = j;
      continue;
    }
    if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      depth += 1;
      if (depth > JSON_MAX_DEPTH) return { ok: false, issue: { message: TOO_DEEP_MESSAGE } };
      const frame = frames[depth - 1];
      const isArray = ch === OPEN_ARRAY;
      if (frame) {
        frame.isArray = isArray;
        frame.index = 0;
        frame.keyStart = -1;
        frame.keyEnd = -1;
        frame.expectKey = !isArray;
      } else {
        frames.push({ isArray, index: 0, keyStart: -1, keyEnd: -1, expectKey: !isArray });
      }
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      if (depth > 0) depth -= 1;
    } else if (ch === COMMA) {
      const frame = frames[depth - 1];
      if (frame?.isArray) frame.index += 1;
      else if (frame) frame.expectKey = true;
    } else if (ch === COLON) {
      const frame = frames[depth - 1];
      if (frame && !frame.isArray) frame.expectKey = false;
    }
  }
  if (lone.length === 0) return { ok: true, text };
  let out = '';
  let from = 0;
  for (const at of lone) {
    out += `${text.slice(from, at)}\\ufffd`;
    from = at + 6;
  }
  return { ok: true, text: out + text.slice(from) };
}

/** Bodies read as forms: flat fields, which the routes' schemas check. */
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * The middleware: every body but a form's is scanned before anything reads it (a route reads the
 * checked text through Hono's body cache; Better Auth through `checkedRequest`).
 */
export function checkBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    if (FORM_TYPES.test(c.req.header('content-type') ?? '')) return next();
    // Read through Hono's body cache: the route's own read is answered from it.
    const text = await c.req.text();
    const result = scanJsonText(text);
    if (!result.ok) {
      throw new AppError(400, ERROR_CODES.validation, result.issue.message, result.issue.field);
    }
    if (result.text !== text) {
      c.req.raw = new Request(c.req.raw, { body: result.text });
      c.req.bodyCache = {};
    }
    return next();
  };
}

/**
 * The request as Better Auth must see it: a body `checkBodies` read (kept in Hono's cache) goes in a new
 * request; one it never read (a form's) or already replaced goes as it is.
 */
export async function checkedRequest(c: Context<AppEnv>): Promise<Request> {
  if (!('text' in c.req.bodyCache)) return c.req.raw;
  const text = await c.req.text();
  // No body and no type stays so (a text body would be given the type text/plain, which Better Auth
  // refuses); an empty body of a type is Better Auth's to refuse.
  const none = text === '' && c.req.header('content-type') === undefined;
  return new Request(c.req.raw, { body: none ? null : text });
}
