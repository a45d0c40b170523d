import type { Hook } from '@hono/zod-openapi';
import { ERROR_CODES } from '@rumbo/contract';
import type { AppEnv } from './context.ts';

/** Turns a failed request validation into 400 `{ code, message, field }` with the first problem. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  return c.json(
    {
      code: ERROR_CODES.validation,
      message: issue?.message ?? 'Datos no válidos',
      ...(field ? { field } : {}),
    },
    400,
  );
};
