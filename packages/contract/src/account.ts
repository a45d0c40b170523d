import { FULL_NAME_MAX_LENGTH } from './account-rules.ts';
import { userText } from './text.ts';
import { z } from './zod.ts';

/** PATCH /api/users/me: only the full name can change; other fields (the e-mail) are ignored. */
export const updateProfileSchema = z.object({
  full_name: userText()
    .trim()
    .min(1, 'Escribe tu nombre')
    .max(FULL_NAME_MAX_LENGTH, `El nombre no puede superar ${FULL_NAME_MAX_LENGTH} caracteres`),
});

/** DELETE /api/users/me: the typed confirmation ('ELIMINAR' or the account's e-mail). */
export const deleteAccountSchema = z.object({
  confirmation: userText().max(320),
});
