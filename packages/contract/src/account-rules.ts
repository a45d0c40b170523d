/** Shortest password (product.md §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest full name the profile saves (ADR 0047). Sign-up accepts longer ones; the profile asks for less. */
export const FULL_NAME_MAX_LENGTH = 100;

/** What the user types to confirm deleting their account (or their own e-mail). */
export const DELETE_ACCOUNT_CONFIRMATION = 'ELIMINAR';

/** Whether a typed confirmation allows deleting the account of `email` (case and spaces ignored). */
export function confirmsAccountDeletion(typed: string, email: string): boolean {
  const value = typed.trim().toLowerCase();
  return value === DELETE_ACCOUNT_CONFIRMATION.toLowerCase() || value === email.trim().toLowerCase();
}

export const ACCOUNT_ERROR_CODES = {
  /** The payment provider refused to cancel the subscription: nothing was deleted. */
  cancellationFailed: 'SUBSCRIPTION_CANCEL_FAILED',
  confirmationMismatch: 'CONFIRMATION_MISMATCH',
} as const;

/**
 * Where a Google sign-in of an account with two-factor sign-in lands: the login screen's code step
 * (ADR 0023). The challenge travels in the same cookie a password sign-in sets.
 */
export const SECOND_FACTOR_STEP = { param: 'paso', value: 'segundo-factor' } as const;
