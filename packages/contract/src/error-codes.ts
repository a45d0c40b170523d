// The API's error codes, without zod: screens import them without loading the schemas (see zod.ts).

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  businessLimitReached: 'BUSINESS_LIMIT_REACHED',
  creditsExhausted: 'CREDITS_EXHAUSTED',
  unsupportedMedia: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** A document that could not be read within the time and memory one reading may take (422). */
  documentTooComplex: 'DOCUMENT_TOO_COMPLEX',
  /** Research: Starter has none, Founder has one per billing period (403). */
  researchNotAllowed: 'RESEARCH_NOT_ALLOWED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The sign-in and password-reset errors of POST /api/token and /api/password-reset/confirm (product.md §8). */
export const AUTH_ERROR_CODES = {
  invalidCredential: 'invalid-credential',
  tooManyRequests: 'too-many-requests',
  expiredActionCode: 'expired-action-code',
  invalidActionCode: 'invalid-action-code',
  weakPassword: 'password-does-not-meet-requirements',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];
