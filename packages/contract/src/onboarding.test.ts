import { describe, expect, it } from 'vitest';
import { DISCOVERY_SOURCES, EXPERIENCE_OPTIONS, onboardingInputSchema } from './index.ts';

describe('onboarding options (product.md §3)', () => {
  it('are the seven discovery sources and the four venture ages', () => {
    expect(DISCOVERY_SOURCES).toEqual([
      'friends',
      'instagram',
      'tiktok',
      'youtube',
      'google',
      'incubator',
      'other',
    ]);
    expect(EXPERIENCE_OPTIONS).toEqual(['start', '2years', '5years', '8years']);
  });

  it('accept only a known discovery source, with a Spanish message', () => {
    expect(onboardingInputSchema.parse({ discovery_source: 'tiktok' })).toEqual({
      discovery_source: 'tiktok',
    });
    const refused = onboardingInputSchema.safeParse({ discovery_source: 'facebook' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Elige una de las opciones');
  });
});
