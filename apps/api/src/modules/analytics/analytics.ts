import { type AnalyticsBatch, GROUP_EVENT, LOGIN_EVENT, PROFILE_EVENT, SIGN_UP_EVENT } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsEvents, users } from '../../db/schema/index.ts';
import type { ServerEvent, TrackEvent } from '../../lib/track.ts';
import type { Logger } from '../../logger.ts';
import type { EventForwarder, EventRow } from './event-row.ts';
import { deviceClass, eventTime, referrerDomain } from './request-context.ts';

/** Properties that name a person: only the server adds them, and only for a user who has not opted out. */
const PERSON_KEYS = ['$email', '$name', 'id'];
/** Events that only make sense tied to a person (product.md §3 'Analytics profile', the membership group). */
const PERSON_EVENTS = new Set<string>([PROFILE_EVENT, GROUP_EVENT]);
const IDENTIFYING_EVENTS = new Set<string>([LOGIN_EVENT, SIGN_UP_EVENT, PROFILE_EVENT]);

export interface BrowserBatch {
  batch: AnalyticsBatch & { context: NonNullable<AnalyticsBatch['context']> };
  userId: number | undefined;
  userAgent: string | undefined;
  /** Host names of the app itself: a referrer among them is not an outside source. */
  ownHosts: readonly string[];
}

export interface Analytics {
  /** Stores a browser's batch (product.md §9 batches) and forwards it; returns how many events were kept. */
  recordBatch(input: BrowserBatch): Promise<number>;
  /** Records an event the server knows happened, in the background. */
  track: TrackEvent;
  /** Waits for background records and forwards under way (tests, shutdown). */
  flush(): Promise<void>;
}

export function createAnalytics(deps: { db: Db; logger: Logger; forwarder?: EventForwarder }): Analytics {
  const { db, logger, forwarder } = deps;
  const pending = new Set<Promise<unknown>>();

  async function recordBatch({ batch, userId, userAgent, ownHosts }: BrowserBatch): Promise<number> {
    const [person] = userId
      ? await db
          .select({ email: users.email, fullName: users.fullName, optOut: users.analyticsOptOut })
          .from(users)
          .where(eq(users.id, userId))
      : [];
    const personal = person && !person.optOut ? person : undefined;
    const now = new Date();
    const shared = {
      userId: personal ? (userId ?? null) : null,
      sessionId: batch.session_id,
      referrerDomain: referrerDomain(batch.context.referrer, ownHosts),
      utmSource: batch.context.utm_source ?? null,
      utmMedium: batch.context.utm_medium ?? null,
      utmCampaign: batch.context.utm_campaign ?? null,
      device: deviceClass(userAgent),
    };
    const rows: EventRow[] = [];
    for (const event of batch.events) {
      if (PERSON_EVENTS.has(event.name) && !personal) continue;
      const properties: Record<string, unknown> = { ...event.properties };
      for (const key of PERSON_KEYS) delete properties[key];
      if (personal && IDENTIFYING_EVENTS.has(event.name)) {
        properties.$email = personal.email;
        properties.$name = personal.fullName;
        if (event.name !== PROFILE_EVENT) properties.id = userId;
      }
      rows.push({
        ...shared,
        name: event.name,
        properties,
        path: event.path ?? null,
        createdAt: eventTime(event.time, now),
      });
    }
    if (rows.length === 0) return 0;
    await db.insert(analyticsEvents).values(rows);
    forwarder?.forward(rows);
    return rows.length;
  }

  async function recordServerEvent(event: ServerEvent): Promise<void> {
    const userId = event.userId ?? null;
    const [row] = await db
      .insert(analyticsEvents)
      .values({
        name: event.name,
        properties: event.properties ?? {},
        // The user is named only while they have not opted out (and still exists).
        userId:
          userId === null ? null : sql`(select id from users where id = ${userId} and not analytics_opt_out)`,
      })
      .returning();
    if (row) forwarder?.forward([{ ...row, properties: row.properties as Record<string, unknown> }]);
  }

  const track: TrackEvent = (event) => {
    const recording = recordServerEvent(event)
      .catch((error: unknown) => logger.warn({ err: error, event: event.name }, 'analytics event not stored'))
      .finally(() => pending.delete(recording));
    pending.add(recording);
  };

  return {
    recordBatch,
    track,
    async flush() {
      await Promise.all([...pending]);
      await forwarder?.flush();
    },
  };
}
