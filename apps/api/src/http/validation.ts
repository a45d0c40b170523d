import type { Hook, z } from '@hono/zod-openapi';
import { ERROR_CODES } from '@rumbo/contract';
import type { AppEnv } from './context.ts';

/** What is wrong with a request's input, as the API reports it. */
export interface InputIssue {
  message: string;
  field?: string;
}

/** The first problem zod found, with the path of its field. */
export function firstIssue(error: z.ZodError): InputIssue {
  const issue = error.issues[0];
  return {
    message: issue?.message ?? 'Datos no válidos',
    field: issue?.path.map(String).join('.') || undefined,
  };
}

/** Turns a failed request validation into 400 `{ code, message, field }` with the first problem. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  const { message, field } = firstIssue(result.error);
  return c.json({ code: ERROR_CODES.validation, message, ...(field ? { field } : {}) }, 400);
};
