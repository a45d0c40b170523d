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
  /** 'Proponer supuestos' and shared links: the paid plans only (403, ADR 0040). */
  planAdvisorNotAllowed: 'PLAN_ADVISOR_NOT_ALLOWED',
  /** The model's proposals could not be had or read (502, ADR 0041). */
  planProposalsFailed: 'PLAN_PROPOSALS_FAILED',
  /** The roadmap: the plans the catalogue marks for it (403, ADR 0055). */
  roadmapNotAllowed: 'ROADMAP_NOT_ALLOWED',
  /** 'Crear mi hoja de ruta' on a business that has one (409). */
  roadmapExists: 'ROADMAP_EXISTS',
  /** 'Deshacer' with no change left to undo, or after its time (409). */
  nothingToUndo: 'NOTHING_TO_UNDO',
  /** 'Aplicar' with no revision of the roadmap waiting (409). */
  noRoadmapProposal: 'NO_ROADMAP_PROPOSAL',
  /** The model's proposal for the roadmap could not be had or read (502). */
  roadmapProposalFailed: 'ROADMAP_PROPOSAL_FAILED',
  /** The notifications: the plans the catalogue marks for them (403, ADR 0056). */
  notificationsNotAllowed: 'NOTIFICATIONS_NOT_ALLOWED',
  /** The console: the address is an operator's, but the account has not verified it yet (403, ADR 0022). */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * The sign-in, password-reset and verification-link errors of POST /api/token, /api/password-reset/confirm
 * and /api/operator/verification/confirm (product.md §8).
 */
export const AUTH_ERROR_CODES = {
  invalidCredential: 'invalid-credential',
  tooManyRequests: 'too-many-requests',
  expiredActionCode: 'expired-action-code',
  invalidActionCode: 'invalid-action-code',
  weakPassword: 'password-does-not-meet-requirements',
  /** POST /api/token for an account with two-factor sign-in, without its `code` (403, ADR 0023). */
  secondFactorRequired: 'multi-factor-auth-required',
  /** POST /api/token with a wrong authenticator or backup code (401). */
  invalidSecondFactor: 'invalid-verification-code',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];
