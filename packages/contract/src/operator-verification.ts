import { userText } from './text.ts';
import { z } from './zod.ts';

/**
 * The console's door (ADR 0022): an address ADMIN_EMAILS lists opens the console only once its account
 * has verified it, through a link mailed to it that works once, in a browser signed in to that account.
 */

/** GET /api/operator/verification: whether the signed-in user's address is an operator's still to verify. */
export const operatorVerificationStatusSchema = z.object({ required: z.boolean() });
export type OperatorVerificationStatus = z.infer<typeof operatorVerificationStatusSchema>;

/** POST /api/operator/verification: the link was mailed ('sent'), or there was nothing to verify. */
export const operatorVerificationSentSchema = z.object({ status: z.enum(['sent', 'verified']) });

/** POST /api/operator/verification/confirm: the token from the mailed link. */
export const operatorVerificationConfirmSchema = z.object({ token: userText().min(1).max(2000) });
