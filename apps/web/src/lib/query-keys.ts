/**
 * Query keys that more than one feature reads or refreshes. They live here, not in the feature that
 * first needed them, so that a feature can refresh another's data without importing it (features do
 * not import each other, architecture.md §2).
 */
export const accountQueryKeys = {
  session: ['auth', 'session'] as const,
  /** The product user: plan and credits, which the chat refreshes after every answer. */
  me: ['users', 'me'] as const,
  profile: ['auth', 'profile'] as const,
  /** What a password-reset link is worth, asked before its form is shown. */
  resetLink: (oobCode: string) => ['auth', 'reset-link', oobCode] as const,
};
