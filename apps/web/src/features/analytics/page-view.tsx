import { normalisePagePath, PAGE_VIEW_EVENT, pageName } from '@rumbo/contract';
import { useEffect } from 'react';
import { track } from '../../lib/analytics/client.ts';
import { landing } from '../../lib/analytics/visit.ts';

/** product.md §2.12 properties of a page view: route, name, current URL, page and the campaign. */
export function pageViewProperties(path: string) {
  const { referrer: _referrer, ...campaign } = landing();
  return {
    route: normalisePagePath(path),
    name: pageName(path),
    // The address without its query: a reset link's code or a checkout's session id stay out.
    current_url: `${window.location.origin}${window.location.pathname}`,
    page: path,
    ...campaign,
  };
}

/**
 * Reports 'Página vista' for the page the user sees (product.md §2.2: on every navigation). `path` is the
 * address, or the login screen's own view (/login, /register, /forgottenPass) shown in its place.
 */
export function PageView({ path }: { path: string }) {
  useEffect(() => {
    track(PAGE_VIEW_EVENT, pageViewProperties(path));
  }, [path]);
  return null;
}
