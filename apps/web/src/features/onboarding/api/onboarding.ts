import type { DiscoverySource, Experience } from '@rumbo/contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** product.md §2.5 and §3: where the user found us is kept on the user. */
export function saveDiscoverySource(source: DiscoverySource): Promise<void> {
  return apiFetch<void>('/api/users/me/onboarding', { method: 'PUT', body: { discovery_source: source } });
}

const EXPERIENCE_KEY = 'rumbo.onboarding.experience';

/** product.md §3: the venture's age is kept in this browser only. */
export function rememberExperience(experience: Experience): void {
  try {
    localStorage.setItem(EXPERIENCE_KEY, experience);
  } catch {
    // Storage may be full or disabled (private mode): the answer is only a nicety.
  }
}
