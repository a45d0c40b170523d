import { DISCOVERY_SOURCES } from './onboarding-options.ts';
import { z } from './zod.ts';

/** PUT /api/users/me/onboarding. */
export const onboardingInputSchema = z.object({
  discovery_source: z.enum(DISCOVERY_SOURCES, { error: 'Elige una de las opciones' }),
});
export type OnboardingInput = z.infer<typeof onboardingInputSchema>;
