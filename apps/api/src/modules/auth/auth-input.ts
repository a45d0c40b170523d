import { INVALID_CHARACTER_MESSAGE, USER_NAME_MAX_LENGTH, userText } from '@rumbo/contract';
import { z } from 'zod';
import { firstIssue, type InputIssue } from '../../http/validation.ts';

const NUL = '\u0000';
const nameTooLong = `Máximo ${USER_NAME_MAX_LENGTH} caracteres`;

/** The path of the first string in `value` (keys included) that holds a NUL character. */
function nulPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = nulPath(item, [...path, key]);
    if (found) return found;
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
 * Checks the input of a Better Auth endpoint before it runs: a NUL character anywhere (PostgreSQL
 * cannot store it, and the lookups fail with a 500) and the fields of AUTH_BODY_RULES.
 */
export function authInputIssue(request: {
  path: string;
  body?: unknown;
  query?: unknown;
  params?: unknown;
}): InputIssue | undefined {
  for (const part of [request.body, request.query, request.params]) {
    const path = nulPath(part);
    if (path) return { message: INVALID_CHARACTER_MESSAGE, field: path.join('.') || undefined };
  }
  const rule = AUTH_BODY_RULES[request.path];
  if (!rule || request.body === undefined) return undefined;
  const result = rule.safeParse(request.body);
  return result.success ? undefined : firstIssue(result.error);
}
