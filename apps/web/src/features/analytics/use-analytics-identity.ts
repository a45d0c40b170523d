import { DEFAULT_UTM_SOURCE, GROUP_EVENT, membershipGroup, PLAN_CODES, PROFILE_EVENT } from '@rumbo/contract';
import { useLayoutEffect, useRef } from 'react';
import { resetIdentity, track } from '../../lib/analytics/client.ts';
import { landing, profileChangedThisSession } from '../../lib/analytics/visit.ts';

/**
 * product.md §3 and §4: the analytics profile (plan name or NO_PLAN, the campaign with utm_source
 * 'organic' by default) and the membership group whenever they change; signing out resets the identity.
 * 'Sign Up' and 'Login' are recorded by the server when they happen (ADR 0030), and the e-mail and name
 * are added by the server, only for users who have not opted out.
 */
export function useAnalyticsIdentity({
  uid,
  planId,
}: {
  /** The signed-in user's id; null when signed out, undefined while the session loads. */
  uid: string | null | undefined;
  /** The product user's plan, once loaded. */
  planId: number | undefined;
}): void {
  const previous = useRef<string | null | undefined>(undefined);

  // Layout effects run before the page's own effects: the identity changes before the page view.
  useLayoutEffect(() => {
    if (uid === undefined) return;
    if (previous.current && !uid) resetIdentity();
    previous.current = uid;
  }, [uid]);

  useLayoutEffect(() => {
    if (!uid || planId === undefined) return;
    if (!profileChangedThisSession(`${uid}:${planId}`)) return;
    const { referrer: _referrer, ...campaign } = landing();
    const plan = PLAN_CODES[planId as keyof typeof PLAN_CODES] ?? PLAN_CODES[-1];
    track(PROFILE_EVENT, { plan, ...campaign, utm_source: campaign.utm_source ?? DEFAULT_UTM_SOURCE });
    const group = membershipGroup(planId);
    if (group) track(GROUP_EVENT, { membership: group });
  }, [uid, planId]);
}
