import { normalisePagePath, pageName } from '@rumbo/contract';
import { landing } from './visit.ts';

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
