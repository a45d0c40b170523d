import {
  type AnalyticsBatch,
  GROUP_EVENT,
  LOGIN_EVENT,
  membershipGroup,
  PLAN_CODES,
  PROFILE_EVENT,
  SIGN_UP_EVENT,
} from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { analyticsEvents, users } from '../../db/schema/index.ts';
import type { AccountEvent, ServerEvent, TrackAccountEvent, TrackEvent } from '../../lib/track.ts';
import type { Logger } from '../../logger.ts';
import type { EventForwarder, EventRow } from './event-row.ts';
import { deviceClass, eventTime, referrerDomain } from './request-context.ts';
import {
  PROFILE_CAMPAIGN_PROPERTIES,
  profileProperties,
  withoutReservedProperties,
} from './reserved-properties.ts';
import { visitOf } from './visit-cookie.ts';

/** Events that only make sense tied to a person (product.md §3 'Analytics profile', the membership group). */
const PERSON_EVENTS = new Set<string>([PROFILE_EVENT, GROUP_EVENT]);
/**
 * The server records sign-ups and sign-ins itself, once, when they happen (ADR 0030): one a browser sends
 * (a tab still running an older build) is dropped, not stored a second time.
 */
const SERVER_ONLY_EVENTS = new Set<string>([SIGN_UP_EVENT, LOGIN_EVENT]);

export interface BrowserBatch {
  batch: AnalyticsBatch & { context: NonNullable<AnalyticsBatch['context']> };
  userId: number | undefined;
  userAgent: string | undefined;
}

export interface Analytics {
  /** Stores a browser's batch (product.md §9 batches) and forwards it; returns how many events were kept. */
  recordBatch(input: BrowserBatch): Promise<number>;
  /** Records an event the server knows happened, in the background. */
  track: TrackEvent;
  /** Records 'Sign Up' or 'Login' with the browser's visit, in the background. */
  trackAccount: TrackAccountEvent;
  /** Waits for background records and forwards under way (tests, shutdown). */
  flush(): Promise<void>;
}

interface Person {
  email: string;
  fullName: string;
  planId: number;
}

const toEventRow = (row: typeof analyticsEvents.$inferSelect): EventRow => ({
  ...row,
  properties: row.properties as Record<string, unknown>,
});

export function createAnalytics(deps: {
  db: Db;
  logger: Logger;
  forwarder?: EventForwarder;
  /** Host names of the app itself: a referrer among them is not an outside source. */
  ownHosts: readonly string[];
}): Analytics {
  const { db, logger, forwarder, ownHosts } = deps;
  const pending = new Set<Promise<unknown>>();

  /** The person behind an event, unless they opted out (then their events stay anonymous). */
  async function personOf(userId: number | undefined): Promise<Person | undefined> {
    if (!userId) return undefined;
    const [person] = await db
      .select({
        email: users.email,
        fullName: users.fullName,
        planId: users.planId,
        optOut: users.analyticsOptOut,
      })
      .from(users)
      .where(eq(users.id, userId));
    return person && !person.optOut ? person : undefined;
  }

  /**
   * What is stored of a browser's event: never an identity or control property (the server sets those,
   * ADR 0030). The profile carries only its allow-listed properties, with the plan and the person's
   * e-mail and name from our own tables; the membership group is the user's plan's (none: no event).
   */
  function browserProperties(
    name: string,
    properties: Record<string, unknown>,
    person: Person | undefined,
  ): Record<string, unknown> | null {
    if (name === PROFILE_EVENT && person) {
      const campaign = Object.fromEntries(
        PROFILE_CAMPAIGN_PROPERTIES.filter((key) => typeof properties[key] === 'string').map((key) => [
          key,
          properties[key],
        ]),
      );
      const plan = PLAN_CODES[person.planId as keyof typeof PLAN_CODES] ?? PLAN_CODES[-1];
      return profileProperties({ ...campaign, plan, $email: person.email, $name: person.fullName });
    }
    if (name === GROUP_EVENT && person) {
      const membership = membershipGroup(person.planId);
      return membership ? { membership } : null;
    }
    return withoutReservedProperties(properties);
  }

  async function store(values: Array<PgInsertValue<typeof analyticsEvents>>): Promise<number> {
    if (values.length === 0) return 0;
    const rows = await db.insert(analyticsEvents).values(values).returning();
    forwarder?.forward(rows.map(toEventRow));
    return rows.length;
  }

  async function recordBatch({ batch, userId, userAgent }: BrowserBatch): Promise<number> {
    const person = await personOf(userId);
    const now = new Date();
    const shared = {
      userId: person ? (userId ?? null) : null,
      sessionId: batch.session_id,
      referrerDomain: referrerDomain(batch.context.referrer, ownHosts),
      utmSource: batch.context.utm_source ?? null,
      utmMedium: batch.context.utm_medium ?? null,
      utmCampaign: batch.context.utm_campaign ?? null,
      device: deviceClass(userAgent),
    };
    const values: Array<PgInsertValue<typeof analyticsEvents>> = [];
    for (const event of batch.events) {
      if (SERVER_ONLY_EVENTS.has(event.name)) continue;
      if (PERSON_EVENTS.has(event.name) && !person) continue;
      const properties = browserProperties(event.name, event.properties ?? {}, person);
      if (properties === null) continue;
      values.push({
        ...shared,
        name: event.name,
        properties,
        path: event.path ?? null,
        createdAt: eventTime(event.time, now),
      });
    }
    return store(values);
  }

  async function recordAccountEvent({ kind, userId, headers }: AccountEvent): Promise<void> {
    const person = await personOf(userId);
    const visit = visitOf(headers);
    await store([
      {
        name: kind === 'sign_up' ? SIGN_UP_EVENT : LOGIN_EVENT,
        // product.md §3: Login and Sign Up carry $email, $name and id.
        properties: person ? { $email: person.email, $name: person.fullName, id: userId } : {},
        userId: person ? userId : null,
        sessionId: visit.sessionId,
        referrerDomain: referrerDomain(visit.referrer, ownHosts),
        utmSource: visit.utmSource,
        utmMedium: visit.utmMedium,
        utmCampaign: visit.utmCampaign,
        device: deviceClass(headers?.get('user-agent') ?? undefined),
      },
    ]);
  }

  async function recordServerEvent(event: ServerEvent): Promise<void> {
    const userId = event.userId ?? null;
    await store([
      {
        name: event.name,
        properties: event.properties ?? {},
        // The user is named only while they have not opted out (and still exists).
        userId:
          userId === null ? null : sql`(select id from users where id = ${userId} and not analytics_opt_out)`,
      },
    ]);
  }

  /** Runs a record in the background: a failure is logged, never thrown at the caller. */
  function inBackground(name: string, record: Promise<void>): void {
    const recording = record
      .catch((error: unknown) => logger.warn({ err: error, event: name }, 'analytics event not stored'))
      .finally(() => pending.delete(recording));
    pending.add(recording);
  }

  return {
    recordBatch,
    track: (event) => inBackground(event.name, recordServerEvent(event)),
    trackAccount: (event) => inBackground(event.kind, recordAccountEvent(event)),
    async flush() {
      await Promise.all([...pending]);
      await forwarder?.flush();
    },
  };
}
