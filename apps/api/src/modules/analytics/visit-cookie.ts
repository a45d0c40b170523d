import { ANALYTICS_VISIT_COOKIE, analyticsBatchSchema } from '@rumbo/contract';

/** What the browser's visit cookie says about the visit a sign-up or sign-in happened in. */
export interface Visit {
  sessionId: string | null;
  referrer: string | undefined;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

const NO_VISIT: Visit = {
  sessionId: null,
  referrer: undefined,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};

// The same rules as a batch's session id and context: the cookie is outside text like any other.
const sessionIdSchema = analyticsBatchSchema.shape.session_id;
const contextSchema = analyticsBatchSchema.shape.context;

/**
 * A cookie's value as it was written. Cookie parsers decode values with decodeURIComponent, which would
 * turn an encoded '&' inside a UTM value into a separator; this one is a query string already.
 */
function rawCookie(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The visit the SPA wrote at boot (`rumbo.visit`: a query string with `s`, `ref` and the UTM values,
 * ADR 0030). A missing or malformed cookie, or a malformed value in it, is simply not known: it never
 * stops a sign-in.
 */
export function visitOf(headers: Headers | undefined): Visit {
  const cookieHeader = headers?.get('cookie');
  const raw = cookieHeader ? rawCookie(cookieHeader, ANALYTICS_VISIT_COOKIE) : undefined;
  if (!raw) return NO_VISIT;
  const values = new URLSearchParams(raw);
  const sessionId = sessionIdSchema.safeParse(values.get('s'));
  const context = contextSchema.safeParse({
    referrer: values.get('ref') ?? undefined,
    utm_source: values.get('utm_source') ?? undefined,
    utm_medium: values.get('utm_medium') ?? undefined,
    utm_campaign: values.get('utm_campaign') ?? undefined,
  });
  const campaign = context.success ? context.data : {};
  return {
    sessionId: sessionId.success ? sessionId.data : null,
    referrer: campaign.referrer,
    utmSource: campaign.utm_source ?? null,
    utmMedium: campaign.utm_medium ?? null,
    utmCampaign: campaign.utm_campaign ?? null,
  };
}
