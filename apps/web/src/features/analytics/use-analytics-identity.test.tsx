import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetIdentity, track } from '../../lib/analytics/client.ts';
import { useAnalyticsIdentity } from './use-analytics-identity.ts';

vi.mock('../../lib/analytics/client.ts', async (original) => ({
  ...(await original<typeof import('../../lib/analytics/client.ts')>()),
  track: vi.fn(),
  resetIdentity: vi.fn(async () => {
    const { startNewSession } = await import('../../lib/analytics/visit.ts');
    startNewSession();
  }),
}));

const tracked = () => vi.mocked(track).mock.calls.map(([name, properties]) => [name, properties ?? {}]);

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.mocked(track).mockClear();
  vi.mocked(resetIdentity).mockClear();
});

type Props = Parameters<typeof useAnalyticsIdentity>[0];
const render = (props: Props) => renderHook((p: Props) => useAnalyticsIdentity(p), { initialProps: props });

describe('useAnalyticsIdentity (product.md §3, §4)', () => {
  it("reports the profile once per user and plan (NO_PLAN, organic) and no group without a plan; never 'Sign Up' or 'Login'", () => {
    const hook = render({ uid: '7', planId: -1 });
    hook.rerender({ uid: '7', planId: -1 });
    // A reload in the same session (a new mount) reports nothing again.
    render({ uid: '7', planId: -1 });
    expect(tracked()).toEqual([['$profile', { plan: 'NO_PLAN', utm_source: 'organic' }]]);
  });

  it("reports the campaign of the landing address and the plan's group", () => {
    window.history.replaceState(
      null,
      '',
      '/?utm_source=instagram&utm_medium=social&utm_campaign=lanzamiento',
    );
    render({ uid: '8', planId: 5 });
    expect(tracked()).toEqual([
      [
        '$profile',
        { plan: 'Founder', utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'lanzamiento' },
      ],
      ['$group', { membership: 'FOUNDER' }],
    ]);
  });

  it('sends the profile again when the plan changes, and waits for the plan before anything', () => {
    const hook = render({ uid: '9', planId: undefined });
    expect(tracked()).toEqual([]);
    hook.rerender({ uid: '9', planId: -1 });
    hook.rerender({ uid: '9', planId: 12 });
    expect(tracked().map(([name, properties]) => [name, (properties as { plan?: string }).plan])).toEqual([
      ['$profile', 'NO_PLAN'],
      ['$profile', 'CEOMax'],
      ['$group', undefined],
    ]);
  });

  it('resets the identity on sign-out, so the next sign-in reports its profile again', async () => {
    const hook = render({ uid: '10', planId: 9 });
    hook.rerender({ uid: null, planId: undefined });
    expect(resetIdentity).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(sessionStorage.getItem('rumbo.analytics.profile')).toBeNull());
    vi.mocked(track).mockClear();
    hook.rerender({ uid: '10', planId: 9 });
    expect(tracked()[0]).toEqual(['$profile', { plan: 'Starter', utm_source: 'organic' }]);
  });

  it('does nothing while the session is still loading', () => {
    render({ uid: undefined, planId: undefined });
    expect(tracked()).toEqual([]);
    expect(resetIdentity).not.toHaveBeenCalled();
  });
});
