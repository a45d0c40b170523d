// Zod-free, so that the home's texts can name the limit without loading the schemas (see zod.ts).

/** Longest comment the home's feedback form accepts (ADR 0047). */
export const FEEDBACK_MAX_LENGTH = 2000;
