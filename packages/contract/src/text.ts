import { z } from './zod.ts';

export const INVALID_CHARACTER_MESSAGE = 'El texto contiene un carácter no permitido (el carácter nulo)';

/**
 * A string from a client: any text but the NUL character, which PostgreSQL cannot store (the insert
 * fails) and nobody types. Every string schema of a request starts here, so that NUL is refused with
 * a 400 at the edge instead of reaching the database.
 */
export const userText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(/^[^\0]*$/, INVALID_CHARACTER_MESSAGE);

/** Longest e-mail address the API takes (sign-up, sign-in, resets, `POST /api/token`). */
export const EMAIL_MAX_LENGTH = 320;

/** Longest name of a person (sign-up, profile). */
export const USER_NAME_MAX_LENGTH = 200;

/** Largest id a row can have (PostgreSQL `integer`, 2³¹ − 1). */
export const MAX_ID = 2_147_483_647;

const INVALID_ID = 'Identificador no válido';

/** A row id's rules on a number schema: a positive integer within PostgreSQL's `integer`. */
const asId = <T extends z._ZodNumber>(number: T): T =>
  number.int(INVALID_ID).positive(INVALID_ID).max(MAX_ID, INVALID_ID);

/** The id of a row, as a client sends it in a body. */
export const idSchema = asId(z.number());

/**
 * The id of a row as text (in a path or a query), read as a number. A function, as `userText` is: a
 * schema made after @hono/zod-openapi has loaded has its `.openapi()`, one made before does not.
 */
export const idText = () => asId(z.coerce.number({ error: INVALID_ID }));
