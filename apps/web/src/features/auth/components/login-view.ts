/**
 * Navigation state that opens the login screen on its forgotten-password view: a dead reset link sends
 * the user there to ask for a new one (ADR 0018). Kept apart from the screen so that the root reads it
 * without loading the screen's code.
 */
export const FORGOT_VIEW_STATE = { loginView: 'forgot' } as const;

export function opensForgotView(state: unknown): boolean {
  return (state as { loginView?: unknown } | null)?.loginView === FORGOT_VIEW_STATE.loginView;
}
