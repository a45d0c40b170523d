import { z } from '@hono/zod-openapi';
import { idText, userText } from '@rumbo/contract';

/**
 * A row id in the path: a positive integer within PostgreSQL's `integer`. A larger one is refused
 * here with a 400, instead of failing in the database.
 */
export const idParam = (name: string) => idText().openapi({ param: { name, in: 'path' } });

/** `{id}`, the most common path parameter. */
export const idParams = z.object({ id: idParam('id') });

/** An opaque text id in the path (a payment session's, say): bounded, and without NUL. */
export const textIdParam = (name: string, max = 255) =>
  userText()
    .min(1)
    .max(max)
    .openapi({ param: { name, in: 'path' } });
