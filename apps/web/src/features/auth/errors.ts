import { copy } from '../../config/copy.es.ts';

/**
 * The failure codes of product.md §8 (the identity-provider codes the original product showed texts for),
 * plus the few the redirect flow of ADR 0005 adds.
 */
export const AUTH_ERROR_CODES = [
  'invalid-email',
  'invalid-credential',
  'user-not-found',
  'wrong-password',
  'too-many-requests',
  'email-already-in-use',
  'account-exists-with-different-credential',
  'password-does-not-meet-requirements',
  'expired-action-code',
  'invalid-action-code',
  'popup-closed-by-user',
  'network-request-failed',
  'other',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** The screens of product.md §2.4, each with its own table of texts in copy.es.ts. */
export type AuthView = 'login' | 'register' | 'forgot' | 'reset';

/** An error as Better Auth's client or our ApiError describe it. */
export interface RawAuthError {
  status?: number;
  code?: string;
  message?: string;
  field?: string;
}

/** Better Auth's error codes (its `BASE_ERROR_CODES` and our sign-in lockout) in product.md §8 terms. */
const BETTER_AUTH_CODES: Record<string, AuthErrorCode> = {
  INVALID_EMAIL: 'invalid-email',
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_PASSWORD: 'wrong-password',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid-credential',
  USER_NOT_FOUND: 'user-not-found',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  PASSWORD_TOO_SHORT: 'password-does-not-meet-requirements',
  PASSWORD_TOO_LONG: 'password-does-not-meet-requirements',
  TOO_MANY_FAILED_SIGN_INS: 'too-many-requests',
  INVALID_TOKEN: 'invalid-action-code',
  TOKEN_EXPIRED: 'expired-action-code',
};

/** The `error` query parameter Better Auth puts on the error address when a Google sign-in fails. */
const OAUTH_CALLBACK_CODES: Record<string, AuthErrorCode> = {
  // The user cancelled or closed the consent screen: the redirect-flow twin of a closed popup.
  access_denied: 'popup-closed-by-user',
  // The address already has a password account and accounts are never linked silently (ADR 0005).
  account_not_linked: 'account-exists-with-different-credential',
  unable_to_link_account: 'account-exists-with-different-credential',
};

const KNOWN_CODES = new Set<string>(AUTH_ERROR_CODES);

/** Maps a failed auth request to its product.md §8 code. Pure: the texts live in copy.es.ts. */
export function toAuthErrorCode(error: RawAuthError | null | undefined): AuthErrorCode {
  if (!error) return 'other';
  const { status, code, message = '', field } = error;
  if (code && KNOWN_CODES.has(code)) return code as AuthErrorCode;
  if (code && BETTER_AUTH_CODES[code]) return BETTER_AUTH_CODES[code];
  if (status === 429) return 'too-many-requests';
  if (status === 0) return 'network-request-failed';
  if (code === 'VALIDATION_ERROR') {
    // Better Auth reports schema failures as one message, '[body.email] …'; our API names the field.
    if (field === 'email' || message.includes('[body.email]')) return 'invalid-email';
    if (field === 'password' || message.includes('[body.password]'))
      return 'password-does-not-meet-requirements';
  }
  return 'other';
}

/** Maps the `error` parameter of a failed Google redirect to its product.md §8 code. */
export function oauthCallbackErrorCode(error: string): AuthErrorCode {
  return OAUTH_CALLBACK_CODES[error] ?? 'other';
}

type ErrorTable = Partial<Record<AuthErrorCode, string>> & { other: string };
const tables: Record<AuthView, ErrorTable> = copy.auth.errors;

/** The Spanish text a view shows for an error code; '' means the view stays silent. */
export function authErrorMessage(view: AuthView, code: AuthErrorCode): string {
  const table = tables[view];
  return table[code] ?? table.other;
}
