import { apiFetch } from '../../../lib/api-client.ts';

/** The product user GET/PATCH /api/users/me answer (product.md §3); only what the profile needs is typed. */
export interface SavedUser {
  id: number;
  full_name: string;
}

export function saveFullName(fullName: string): Promise<SavedUser> {
  return apiFetch<SavedUser>('/api/users/me', { method: 'PATCH', body: { full_name: fullName } });
}

// Better Auth's endpoints answer a wrong code or password with 401/400 while the session is fine:
// those answers must not sign the user out, so none of these calls does on a 401.
const authCall = <T>(path: string, body: unknown) =>
  apiFetch<T>(`/api/auth${path}`, { method: 'POST', body, signOutOnUnauthorized: false });

/** Better Auth's change-password; the other sessions end, this one gets a fresh cookie. */
export function changePassword(currentPassword: string, newPassword: string) {
  return authCall<unknown>('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
}

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export function startTwoFactor(password: string) {
  return authCall<TwoFactorSetup>('/two-factor/enable', { password });
}

/** The first code from the app turns two-factor sign-in on. */
export function confirmTwoFactor(code: string) {
  return authCall<unknown>('/two-factor/verify-totp', { code });
}

export function disableTwoFactor(password: string) {
  return authCall<unknown>('/two-factor/disable', { password });
}

export function deleteAccount(confirmation: string): Promise<void> {
  return apiFetch<void>('/api/users/me', { method: 'DELETE', body: { confirmation } });
}
