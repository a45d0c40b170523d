import { EMAIL_MAX_LENGTH, INVALID_CHARACTER_MESSAGE, USER_NAME_MAX_LENGTH, userText } from '@rumbo/contract';
import { z } from 'zod';
import { firstIssue, type InputIssue } from '../../http/validation.ts';

const NUL = '\u0000';
const nameTooLong = `Máximo ${USER_NAME_MAX_LENGTH} caracteres`;
const emailTooLong = `El correo admite como máximo ${EMAIL_MAX_LENGTH} caracteres`;
/** The body fields of Better Auth's endpoints that hold an e-mail address. */
const EMAIL_FIELDS = ['email', 'newEmail'];

/**
 * The first field of a query or of path parameters (flat: a name, then a text or a list of texts) that
 * holds a NUL character. A JSON body's strings were checked at the edge (http/body-check.ts, ADR 0026).
 */
function nulField(part: unknown): string | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  for (const [key, value] of Object.entries(part)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (key.includes(NUL) || values.some((v) => typeof v === 'string' && v.includes(NUL))) return key;
  }
  return undefined;
}

/** An e-mail field too long to be an address: refused before it names a lockout counter or a lookup. */
function emailIssue(body: unknown): InputIssue | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const field of EMAIL_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length > EMAIL_MAX_LENGTH) return { message: emailTooLong, field };
  }
  return undefined;
}

/**
 * Better Auth's own endpoints take some fields as anything (`update-user` writes `name` and `image` as
 * given): these are the rules the database and the product need of them.
 */
const AUTH_BODY_RULES: Record<string, z.ZodType> = {
  '/sign-up/email': z.looseObject({ name: userText().max(USER_NAME_MAX_LENGTH, nameTooLong) }),
  '/update-user': z.looseObject({
    name: userText({ error: 'El nombre debe ser un texto' })
      .trim()
      .min(1, 'El nombre es obligatorio')
      .max(USER_NAME_MAX_LENGTH, nameTooLong)
      .optional(),
    image: userText({ error: 'La imagen debe ser una dirección' }).max(2048).nullable().optional(),
  }),
};

/**
 * Checks the input of a Better Auth endpoint before it runs: a NUL character in its query or path (the
 * database cannot store it, and the lookups fail with a 500), an e-mail past EMAIL_MAX_LENGTH, and the
 * fields of AUTH_BODY_RULES.
 */
export function authInputIssue(request: {
  path: string;
  body?: unknown;
  query?: unknown;
  params?: unknown;
}): InputIssue | undefined {
  for (const part of [request.query, request.params]) {
    const field = nulField(part);
    if (field !== undefined) return { message: INVALID_CHARACTER_MESSAGE, field: field || undefined };
  }
  const tooLong = emailIssue(request.body);
  if (tooLong) return tooLong;
  const rule = AUTH_BODY_RULES[request.path];
  if (!rule || request.body === undefined) return undefined;
  const result = rule.safeParse(request.body);
  return result.success ? undefined : firstIssue(result.error);
}
