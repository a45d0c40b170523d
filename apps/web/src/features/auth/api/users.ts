import type { ProductUser, Profile } from '@rumbo/contract';
import { apiFetch } from '../../../lib/api-client.ts';

// The wire shapes live in the contract; re-exported so the screens keep one place to import them from.
export type { ProductUser, Profile };

export function getMe(signal?: AbortSignal): Promise<ProductUser> {
  return apiFetch<ProductUser>('/api/users/me', { signal });
}

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/api/auth/profile', { signal });
}

/** Whether the reset e-mail's code still works (`valid`), has expired, or was used or never existed. */
export function checkResetLink(oobCode: string): Promise<{ state: 'valid' | 'expired' | 'invalid' }> {
  return apiFetch('/api/password-reset/check', { method: 'POST', body: { oobCode } });
}

/** Sets a new password with the code from the reset e-mail; fails with `expired-action-code` or `invalid-action-code`. */
export function confirmPasswordReset(input: {
  oobCode: string;
  password: string;
}): Promise<{ status: true }> {
  return apiFetch<{ status: true }>('/api/password-reset/confirm', { method: 'POST', body: input });
}
