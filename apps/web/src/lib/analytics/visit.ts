import { ANALYTICS_VISIT_COOKIE, ANALYTICS_VISIT_COOKIE_PATH } from '@rumbo/contract';

/**
 * What the analytics client knows about this browser session (sessionStorage: gone when the tab
 * closes): an anonymous random id, and the campaign (UTM values) and referring page of the address the
 * visitor landed on, kept for the whole session (product.md §3 'Analytics profile'). A copy goes in a
 * first-party session cookie read only by the auth routes, so that the 'Sign Up' and 'Login' the server
 * records carry this visit (ADR 0030).
 */

const KEYS = {
  session: 'rumbo.analytics.session',
  landing: 'rumbo.analytics.landing',
  /** The profile last reported (user and plan), so that it is sent again only when it changes. */
  profile: 'rumbo.analytics.profile',
} as const;

export interface Campaign {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
}

interface Landing extends Campaign {
  referrer?: string;
}

const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
const MAX_UTM_LENGTH = 200;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the visit still works, with nothing remembered.
    return null;
  }
}

const newSessionId = () => `s${crypto.randomUUID().replaceAll('-', '')}`;

export function sessionId(): string {
  const store = storage();
  const known = store?.getItem(KEYS.session);
  if (known) return known;
  const id = newSessionId();
  store?.setItem(KEYS.session, id);
  return id;
}

/** A sign-out ends the analytics session too: what follows is not tied to the person who left. */
export function startNewSession(): void {
  const store = storage();
  store?.setItem(KEYS.session, newSessionId());
  store?.removeItem(KEYS.profile);
  rememberVisit();
}

/** Whether `value` is already remembered under `key` for this session; remembers it if not. */
function firstTimeThisSession(key: string, value: string): boolean {
  const store = storage();
  if (store?.getItem(key) === value) return false;
  store?.setItem(key, value);
  return true;
}

export const profileChangedThisSession = (profileKey: string) =>
  firstTimeThisSession(KEYS.profile, profileKey);

/** The UTM values of an address (product.md §3), trimmed and bounded; absent ones are left out. */
export function campaignOf(search: string): Campaign {
  const params = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const name of UTM_PARAMS) {
    const value = params.get(name)?.trim().slice(0, MAX_UTM_LENGTH);
    if (value) campaign[name] = value;
  }
  return campaign;
}

/**
 * The landing of this session: read once from the first address (its UTM values and the page that sent
 * the visitor) and kept, so that the campaign stays on every later event of the session. A new address
 * with UTM values of its own (a second campaign link in the same tab) replaces it.
 */
export function landing(): Landing {
  const store = storage();
  const fromAddress = campaignOf(window.location.search);
  const hasCampaign = Object.keys(fromAddress).length > 0;
  const saved = store?.getItem(KEYS.landing);
  if (saved && !hasCampaign) {
    try {
      return JSON.parse(saved) as Landing;
    } catch {
      // A damaged value is replaced below.
    }
  }
  const fresh: Landing = { ...fromAddress, ...(document.referrer ? { referrer: document.referrer } : {}) };
  store?.setItem(KEYS.landing, JSON.stringify(fresh));
  return fresh;
}

/** Do Not Track and Global Privacy Control: when either is on, nothing is sent at all. */
export function trackingRefused(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const win = window as Window & { doNotTrack?: string };
  return nav.doNotTrack === '1' || win.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** The referring page's origin only: the server keeps no more than its host. */
function originOf(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    return new URL(referrer).origin;
  } catch {
    return undefined;
  }
}

/**
 * Writes this tab's visit (session id, landing campaign, referring origin) into the visit cookie: at boot,
 * whenever the tab comes to the front (the tab in use is the one that signs in), and when a sign-out starts
 * a new session. A session cookie, sent only to the auth routes; with Do Not Track or GPC on it is removed.
 */
export function rememberVisit(): void {
  if (trackingRefused()) {
    writeVisitCookie('', '; Max-Age=0');
    return;
  }
  const { referrer, ...campaign } = landing();
  const ref = originOf(referrer);
  const visit = new URLSearchParams({ s: sessionId(), ...campaign, ...(ref ? { ref } : {}) });
  // A query string is a valid cookie value as it is: everything else in it is percent-encoded.
  writeVisitCookie(visit.toString());
}

function writeVisitCookie(value: string, extra = ''): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: it must be written synchronously at boot; the Cookie Store API is asynchronous and missing in some browsers.
  document.cookie = `${ANALYTICS_VISIT_COOKIE}=${value}; Path=${ANALYTICS_VISIT_COOKIE_PATH}; SameSite=Lax${secure}${extra}`;
}
