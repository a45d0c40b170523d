import { GROUP_EVENT, PROFILE_EVENT } from '@rumbo/contract';
import Mixpanel from 'mixpanel';
import type { Logger } from '../../logger.ts';
import type { EventForwarder, EventRow } from './event-row.ts';

/** Mixpanel's default address; MIXPANEL_API_URL changes it (its EU residency host, or a test fake). */
const MIXPANEL_API_URL = 'https://api.mixpanel.com';

function distinctId(row: EventRow): string {
  if (row.userId !== null) return String(row.userId);
  return row.sessionId ? `anon:${row.sessionId}` : 'server';
}

/**
 * Forwards stored events to Mixpanel with its official Node library (architecture.md §1: server side,
 * no third-party script in the page). Our own store stays the record; a failed forward is logged and
 * dropped. Profiles and the membership group become Mixpanel profile properties.
 */
export function createMixpanelForwarder(
  options: { token: string; apiUrl?: string | undefined },
  logger: Logger,
): EventForwarder {
  const url = new URL(options.apiUrl ?? MIXPANEL_API_URL);
  const client = Mixpanel.init(options.token, {
    host: url.host,
    protocol: url.protocol.replace(':', ''),
    path: url.pathname.replace(/\/+$/, ''),
    keepAlive: false,
    // Never ask Mixpanel to locate the server's address as if it were the user's.
    geolocate: false,
  });
  const pending = new Set<Promise<void>>();
  const remember = (send: (done: (error?: unknown) => void) => void) => {
    const request = new Promise<void>((resolve) => {
      send((error) => {
        if (error) logger.warn({ err: error }, 'Mixpanel forward failed');
        resolve();
      });
    }).finally(() => pending.delete(request));
    pending.add(request);
  };

  return {
    forward(rows) {
      const events = rows.filter((row) => row.name !== PROFILE_EVENT && row.name !== GROUP_EVENT);
      if (events.length > 0) {
        remember((done) =>
          client.track_batch(
            events.map((row) => ({
              event: row.name,
              properties: {
                ...row.properties,
                distinct_id: distinctId(row),
                time: row.createdAt.getTime(),
                ...(row.path ? { $current_url: row.path } : {}),
                ...(row.utmSource ? { utm_source: row.utmSource } : {}),
                ...(row.utmMedium ? { utm_medium: row.utmMedium } : {}),
                ...(row.utmCampaign ? { utm_campaign: row.utmCampaign } : {}),
                ...(row.referrerDomain ? { $referring_domain: row.referrerDomain } : {}),
                ...(row.device ? { device: row.device } : {}),
              },
            })),
            (errors) => done(errors?.[0]),
          ),
        );
      }
      for (const row of rows) {
        if (row.userId === null) continue;
        if (row.name === PROFILE_EVENT) {
          remember((done) =>
            client.people.set(String(row.userId), row.properties as Mixpanel.PropertyDict, done),
          );
        } else if (row.name === GROUP_EVENT) {
          remember((done) =>
            client.people.set(String(row.userId), { membership: row.properties.membership ?? null }, done),
          );
        }
      }
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
