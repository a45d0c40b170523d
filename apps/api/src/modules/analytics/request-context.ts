import type { DeviceClass } from '@rumbo/contract';

/** The device class from the browser's User-Agent: enough for audience statistics, nothing more. */
export function deviceClass(userAgent: string | undefined): DeviceClass | null {
  if (!userAgent) return null;
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * Only the referring site's host name is kept (never its path or query, which may name a person), and
 * not at all when the visitor came from one of our own pages.
 */
export function referrerDomain(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  try {
    const { hostname, protocol } = new URL(referrer);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    return ownHosts.includes(hostname) ? null : hostname.slice(0, 253);
  } catch {
    return null;
  }
}

/**
 * The time an event happened by the browser's clock, kept within the last week and never in the
 * future: a batch may arrive late (retries back off up to 10 minutes, a laptop may sleep), but a wrong
 * clock must not put events where the console would count them in another period.
 */
export function eventTime(time: number | undefined, now: Date): Date {
  if (time === undefined) return now;
  const weekAgo = now.getTime() - 7 * 86_400_000;
  return new Date(Math.min(now.getTime(), Math.max(weekAgo, time)));
}
