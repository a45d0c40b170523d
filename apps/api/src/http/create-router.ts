import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { validationHook } from './validation.ts';

/**
 * The one way to make a router: every module's routes and the app itself are built here, so each
 * shares the app's context type and turns a failed input validation into the same 400
 * `{ code, message, field }` (http/validation.ts).
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export type Router = ReturnType<typeof createRouter>;
