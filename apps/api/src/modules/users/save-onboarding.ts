import { type OnboardingInput, PRODUCT_EVENTS } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { TrackEvent } from '../../lib/track.ts';

/** product.md §2.5: the answer of onboarding step 1 is kept on the user (a repeated onboarding overwrites it). */
export async function saveOnboarding(
  db: Db,
  track: TrackEvent,
  userId: number,
  { discovery_source }: OnboardingInput,
): Promise<void> {
  await db
    .update(users)
    .set({ discoverySource: discovery_source, updatedAt: new Date() })
    .where(eq(users.id, userId));
  // product.md §3: the discovery source is reported to analytics as the traffic source.
  track({ name: PRODUCT_EVENTS.trafficSource, userId, properties: { source: discovery_source } });
}
