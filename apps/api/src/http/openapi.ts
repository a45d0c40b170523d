import { z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@rumbo/contract';

/** Signed-in routes accept the session cookie or a bearer token (both registered in docs.ts). */
export const signedIn: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** A JSON body or response with this schema. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** A documented error response. */
export const errorResponse = (description: string) => ({ description, content: json(apiErrorSchema) });

/**
 * A contract object schema under a name of its own in the OpenAPI document (a component). The copy is
 * made here because `.openapi()` exists only on schemas built after @hono/zod-openapi has loaded, and
 * the contract's may be built before.
 */
export const named = <T extends z.ZodRawShape>(schema: z.ZodObject<T>, name: string) =>
  z.object(schema.shape).openapi(name);
