import { useEffect } from 'react';
import { trackPageView } from '../../lib/analytics/client.ts';

/**
 * Reports 'Página vista' for the page the user sees (product.md §2.2: on every navigation). `path` is the
 * address, or the login screen's own view (/login, /register, /forgottenPass) shown in its place. The
 * first one names the view queued at boot (lib/analytics/client.ts `startVisit`).
 */
export function PageView({ path }: { path: string }) {
  useEffect(() => {
    trackPageView(path);
  }, [path]);
  return null;
}
