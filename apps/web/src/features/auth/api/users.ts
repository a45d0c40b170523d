import { apiFetch } from '../../../lib/api-client.ts';

/** product.md §3 'Product user', as GET /api/users/me answers it. */
export interface ProductUser {
  id: number;
  username: string;
  full_name: string;
  is_active: boolean;
  role: string;
  plan_id: number;
  /** null means unlimited (plan 12). */
  available_credits: number | null;
}

/** What the profile view shows (GET /api/auth/profile). */
export interface Profile {
  email: string;
  full_name: string;
  /** null means unlimited (plan 12). */
  credits: number | null;
  /** Whether the user's analytics events may be tied to them (the privacy choice in the profile). */
  analytics_personal: boolean;
  /** Sign-in asks for a code from an authenticator app (issue 16). */
  two_factor_enabled: boolean;
}

export function getMe(signal?: AbortSignal): Promise<ProductUser> {
  return apiFetch<ProductUser>('/api/users/me', { signal });
}

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/api/auth/profile', { signal });
}

/** Sets a new password with the code from the reset e-mail; fails with `expired-action-code` or `invalid-action-code`. */
export function confirmPasswordReset(input: {
  oobCode: string;
  password: string;
}): Promise<{ status: true }> {
  return apiFetch<{ status: true }>('/api/password-reset/confirm', { method: 'POST', body: input });
}
