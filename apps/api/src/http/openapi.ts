import type { z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@rumbo/contract';

/** Signed-in routes accept the session cookie or a bearer token (both registered in docs.ts). */
export const signedIn: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** A JSON body or response with this schema. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** A documented error response. */
export const errorResponse = (description: string) => ({ description, content: json(apiErrorSchema) });
