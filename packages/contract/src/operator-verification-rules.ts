// The console's verification link, without zod (see zod.ts): the /admin screen reads them.

/** The query parameter of /admin that carries the mailed link's token. */
export const OPERATOR_VERIFICATION_PARAM = 'verificacion';

/** How long a mailed verification link works. */
export const OPERATOR_VERIFICATION_TTL_SECONDS = 60 * 60;
