import { PAGE_VIEW_EVENT } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { operatorIdsQuery } from '../../http/operators.ts';

/** Closed days re-counted on every run: a late batch may still land in them (request-context.ts). */
const LATE_EVENT_DAYS = 7;
/** Days counted in one run at most, so that a first run on a year of events stays bounded. */
const MAX_DAYS_PER_RUN = 400;

/**
 * A page view is counted under its route (product.md §2.12's normalised path), which names every screen
 * of the app, the ones §2.12 calls 'Ruta desconocida' included; the console gives each its Spanish name.
 * Views sent before the route was counted keep their stored name.
 */
const PAGE_KEY = sql`coalesce(properties->>'route', properties->>'name', '')`;

/** Counts one day's events into analytics_daily (replacing what was there) and marks the day as counted. */
async function rollUpDay(db: Db, day: string, adminEmails: readonly string[]): Promise<void> {
  const operators = operatorIdsQuery(adminEmails);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    await tx.execute(sql`
      with e as (
        select name, properties, user_id, session_id, utm_source from analytics_events
        where created_at >= (${day}::date)::timestamp at time zone 'UTC'
          and created_at < (${day}::date + 1)::timestamp at time zone 'UTC'
          and (user_id is null or user_id not in (${operators})))
      insert into analytics_daily (day, metric, key, count)
      select ${day}::date, 'page_views', ${PAGE_KEY}, count(*)::int
        from e where name = ${PAGE_VIEW_EVENT} group by 3
      union all
      select ${day}::date, 'utm_sessions', coalesce(utm_source, 'organic'), count(distinct session_id)::int
        from e where session_id is not null group by 3
      union all
      select ${day}::date, 'events', name, count(*)::int from e group by 3
      union all
      -- Active: an event tied to them, or an answer they asked for (the console's definition).
      select ${day}::date, 'active_users', user_id::text, count(*)::int from (
        select user_id from e where user_id is not null
        union all
        select user_id from generations
        where user_id not in (${operators}) and started_at >= (${day}::date)::timestamp at time zone 'UTC'
          and started_at < (${day}::date + 1)::timestamp at time zone 'UTC'
      ) as activity group by 3
      union all
      select ${day}::date, 'rolled', '', 1`);
  });
}

/**
 * Fills the daily counts the console reads (ADR 0017), without the operators' own activity: every closed day (UTC) that has not been counted
 * yet, and the last week again. The current day is never stored: the console counts it live.
 */
export async function rollUpClosedDays(db: Db, adminEmails: readonly string[]): Promise<string[]> {
  const days = await queryRows<{ day: string }>(
    db,
    sql`with bounds as (
          select (min(created_at) at time zone 'UTC')::date as first_day,
                 (now() at time zone 'UTC')::date - 1 as last_day
          from analytics_events)
        select to_char(d, 'YYYY-MM-DD') as day
        from bounds, generate_series(bounds.first_day, bounds.last_day, interval '1 day') as d
        where bounds.first_day is not null
          and (d >= bounds.last_day - ${LATE_EVENT_DAYS - 1}::int
            or not exists (select 1 from analytics_daily r where r.day = d::date and r.metric = 'rolled'))
        order by d desc
        limit ${MAX_DAYS_PER_RUN}`,
  );
  for (const { day } of days) await rollUpDay(db, day, adminEmails);
  return days.map(({ day }) => day);
}
