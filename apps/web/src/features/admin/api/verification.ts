import type { OperatorVerificationStatus } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The console's door (ADR 0022): whether the signed-in user must verify their address, the link, its use. */
export function operatorVerificationQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'verification'] as const,
    queryFn: ({ signal }) => apiFetch<OperatorVerificationStatus>('/api/operator/verification', { signal }),
  });
}

/** Mails the verification link; 'verified' when there was nothing left to verify. */
export function sendVerificationLink() {
  return apiFetch<{ status: 'sent' | 'verified' }>('/api/operator/verification', { method: 'POST' });
}

/** Spends the mailed link's token for the signed-in account. */
export function confirmVerification(token: string) {
  return apiFetch<{ status: 'verified' }>('/api/operator/verification/confirm', {
    method: 'POST',
    body: { token },
  });
}
