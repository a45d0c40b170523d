import { GROUP_EVENT, LOGIN_EVENT, PROFILE_EVENT, SIGN_UP_EVENT } from '@rumbo/contract';
import type Mixpanel from 'mixpanel';
import { loadOnce } from '../../lib/load-once.ts';
import type { Logger } from '../../logger.ts';
import type { EventForwarder, EventRow } from './event-row.ts';
import { profileProperties, withoutReservedProperties } from './reserved-properties.ts';

/** The events on which the server puts the person's $email, $name and id (product.md §3). */
const IDENTIFYING_EVENTS = new Set<string>([LOGIN_EVENT, SIGN_UP_EVENT]);

/** Mixpanel's default address; MIXPANEL_API_URL changes it (its EU residency host, or a test fake). */
const MIXPANEL_API_URL = 'https://api.mixpanel.com';

/**
 * Who an event is in Mixpanel, from our store only (ADR 0030): the user id when the event is tied to a
 * user, and the browser session as the anonymous device, so that Mixpanel's identity merge joins a
 * visitor's pages before the sign-up to the account ('Sign Up' carries both).
 */
function identityOf(row: EventRow) {
  const deviceId = row.sessionId ? `anon:${row.sessionId}` : undefined;
  const userId = row.userId !== null ? String(row.userId) : undefined;
  return {
    distinct_id: userId ?? deviceId ?? 'server',
    ...(userId ? { $user_id: userId } : {}),
    ...(deviceId ? { $device_id: deviceId } : {}),
  };
}

/**
 * Forwards stored events to Mixpanel with its official Node library (architecture.md §1: server side,
 * no third-party script in the page). Our own store stays the record; a failed forward is logged and
 * dropped. Profiles (their allow-listed properties only) and the membership group become Mixpanel
 * profile properties.
 */
export function createMixpanelForwarder(
  options: { token: string; apiUrl?: string | undefined },
  logger: Logger,
): EventForwarder {
  const url = new URL(options.apiUrl ?? MIXPANEL_API_URL);
  // The library is loaded at the first forward, not at start (ADR 0027).
  const mixpanel = loadOnce(async () =>
    (await import('mixpanel')).default.init(options.token, {
      host: url.host,
      protocol: url.protocol.replace(':', ''),
      path: url.pathname.replace(/\/+$/, ''),
      keepAlive: false,
      // Never ask Mixpanel to locate the server's address as if it were the user's.
      geolocate: false,
    }),
  );
  const pending = new Set<Promise<void>>();
  const remember = (send: (client: Mixpanel.Mixpanel, done: (error?: unknown) => void) => void) => {
    const request = new Promise<void>((resolve) => {
      const done = (error?: unknown) => {
        if (error) logger.warn({ err: error }, 'Mixpanel forward failed');
        resolve();
      };
      mixpanel().then((client) => send(client, done), done);
    }).finally(() => pending.delete(request));
    pending.add(request);
  };

  return {
    forward(rows) {
      const events = rows.filter((row) => row.name !== PROFILE_EVENT && row.name !== GROUP_EVENT);
      if (events.length > 0) {
        remember((client, done) =>
          client.track_batch(
            events.map((row) => {
              // Ingest already strips identity and control properties from what browsers send; they are
              // stripped here too, and the server's own set last, so that nothing stored stands in for them.
              const { $email, $name, id } = row.properties;
              const properties = {
                ...withoutReservedProperties(row.properties),
                ...(IDENTIFYING_EVENTS.has(row.name) ? { $email, $name, id } : {}),
              };
              return {
                event: row.name,
                properties: {
                  ...properties,
                  ...(row.path ? { $current_url: row.path } : {}),
                  ...(row.utmSource ? { utm_source: row.utmSource } : {}),
                  ...(row.utmMedium ? { utm_medium: row.utmMedium } : {}),
                  ...(row.utmCampaign ? { utm_campaign: row.utmCampaign } : {}),
                  ...(row.referrerDomain ? { $referring_domain: row.referrerDomain } : {}),
                  ...(row.device ? { device: row.device } : {}),
                  ...identityOf(row),
                  // The library keeps a token already in the properties: always the app's.
                  token: options.token,
                  time: row.createdAt.getTime(),
                  // One per stored event: Mixpanel counts a retried forward once, and never merges two.
                  $insert_id: `rumbo-${row.id}`,
                },
              };
            }),
            (errors) => done(errors?.[0]),
          ),
        );
      }
      for (const row of rows) {
        if (row.userId === null) continue;
        if (row.name === PROFILE_EVENT) {
          remember((client, done) =>
            client.people.set(
              String(row.userId),
              profileProperties(row.properties) as Mixpanel.PropertyDict,
              done,
            ),
          );
        } else if (row.name === GROUP_EVENT) {
          remember((client, done) =>
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
