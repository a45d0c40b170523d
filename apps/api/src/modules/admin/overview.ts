import {
  type AdminOverview,
  type AdminPeriod,
  PAGE_VIEW_EVENT,
  PLAN_IDS,
  PLANS,
  type PlanId,
} from '@rumbo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { operatorIdsQuery } from '../../http/operators.ts';

const TOP = 10;
const DAY_MS = 86_400_000;

/** Every day of the period (UTC, both ends included), so that charts show the quiet days as zero. */
export function periodDays({ from, to }: AdminPeriod): string[] {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function fillDays<T extends { day: string }>(days: string[], rows: T[], empty: Omit<T, 'day'>): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? ({ day, ...empty } as T));
}

const dayOf = (column: SQL) => sql`to_char((${column} at time zone 'UTC')::date, 'YYYY-MM-DD')`;

/** A page view's key: its route, as the daily counts store it (daily-rollup.ts). */
const PAGE_KEY = sql`coalesce(properties->>'route', properties->>'name', '')`;

/**
 * The operator's console figures for a period (ADR 0017). Figures about people and money come from the
 * product's own tables (users, businesses, generations, the credit ledger, research runs), so they do
 * not depend on analytics being on; audience figures (pages, sources, active visitors) come from the
 * events: the daily counts for days already counted, the events themselves after that. The operators
 * (`adminEmails`, verified) are the team, not customers: no figure counts them or what they did.
 * Plans paid through the local test checkout are money nobody paid: their revenue is given apart.
 */
export async function readOverview(
  db: Db,
  period: AdminPeriod,
  adminEmails: readonly string[],
): Promise<AdminOverview> {
  const operators = operatorIdsQuery(adminEmails);
  const customer = (userId: SQL) => sql`${userId} not in (${operators})`;
  const start = sql`(${period.from}::date)::timestamp at time zone 'UTC'`;
  const end = sql`(${period.to}::date + 1)::timestamp at time zone 'UTC'`;
  const inPeriod = (column: SQL) => sql`${column} >= ${start} and ${column} < ${end}`;
  const days = periodDays(period);

  // Days up to the last counted one are read from analytics_daily, later ones from the events.
  const [rolled] = await queryRows<{ last_day: string | null }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as last_day from analytics_daily
        where metric = 'rolled' order by day desc limit 1`,
  );
  const lastRolled = rolled?.last_day ?? '1970-01-01';
  const rolledDays = sql`day >= ${period.from}::date and day <= least(${period.to}::date, ${lastRolled}::date)`;
  const liveStart = sql`greatest(${start}, (${lastRolled}::date + 1)::timestamp at time zone 'UTC')`;
  const liveEvents = sql`analytics_events.created_at >= ${liveStart} and analytics_events.created_at < ${end}
    and (analytics_events.user_id is null or ${customer(sql`analytics_events.user_id`)})`;
  const counted = (metric: string, liveKey: SQL, liveValue: SQL, liveFilter: SQL) => sql`
    select key, sum(n)::int as n from (
      select key, count as n from analytics_daily where metric = ${metric} and ${rolledDays}
      union all
      select ${liveKey} as key, ${liveValue} as n from analytics_events
        where ${liveEvents} and ${liveFilter} group by 1
    ) as both_parts group by key order by n desc, key limit ${TOP}`;

  const [signups, funnel, active, answers, credits, plans, researchStates, durations, pages, sources] =
    await Promise.all([
      queryRows<{ day: string; count: number }>(
        db,
        sql`select ${dayOf(sql`created_at`)} as day, count(*)::int as count from users
            where ${inPeriod(sql`created_at`)} and ${customer(sql`id`)} group by 1 order by 1`,
      ),
      queryRows<AdminOverview['funnel']>(
        db,
        sql`select count(*)::int as registered,
              count(*) filter (where u.discovery_source is not null)::int as onboarded,
              count(*) filter (where u.plan_id <> -1)::int as plan_chosen,
              count(*) filter (where exists (select 1 from businesses b where b.user_id = u.id))::int
                as business_created,
              count(*) filter (where exists (select 1 from generations g
                where g.user_id = u.id and g.status = 'finished'))::int as first_answer
            from users u where ${inPeriod(sql`u.created_at`)} and ${customer(sql`u.id`)}`,
      ),
      // Active: did something that reached us (an event tied to them, or an answer asked for). Counted
      // days hold one row per user and day already; only the days after them are made distinct here.
      queryRows<{ day: string | null; users: number }>(
        db,
        sql`with activity as (
              select day, key::int as user_id from analytics_daily
                where metric = 'active_users' and ${rolledDays} and ${customer(sql`key::int`)}
              union all
              select distinct (at at time zone 'UTC')::date, user_id from (
                select created_at as at, user_id from analytics_events
                  where ${liveEvents} and user_id is not null
                union all
                select started_at, user_id from generations
                  where started_at >= ${liveStart} and started_at < ${end} and ${customer(sql`user_id`)}
              ) as live)
            select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as users from activity group by day
            union all
            select null, count(distinct user_id)::int from activity`,
      ),
      queryRows<{ day: string; answers: number; failed: number }>(
        db,
        sql`select ${dayOf(sql`started_at`)} as day, count(*)::int as answers,
              count(*) filter (where status in ('failed', 'interrupted'))::int as failed
            from generations where ${inPeriod(sql`started_at`)} and ${customer(sql`user_id`)}
            group by 1 order by 1`,
      ),
      queryRows<{ spent: number }>(
        db,
        sql`select (coalesce(sum(-delta) filter (where kind = 'debit'), 0)
              - coalesce(sum(delta) filter (where kind = 'refund'), 0))::int as spent
            from credit_ledger where ${inPeriod(sql`created_at`)} and ${customer(sql`user_id`)}`,
      ),
      queryRows<{ plan_id: number; users: number; test_checkout: number }>(
        db,
        sql`select u.plan_id, count(*)::int as users,
              count(*) filter (where s.provider = 'local')::int as test_checkout
            from users u left join subscriptions s on s.user_id = u.id
            where ${customer(sql`u.id`)} group by u.plan_id order by u.plan_id`,
      ),
      queryRows<{ state: string; count: number }>(
        db,
        sql`select r.status as state, count(*)::int as count
            from researches r join businesses b on b.id = r.business_id
            where ${inPeriod(sql`r.created_at`)} and ${customer(sql`b.user_id`)}
            group by r.status order by count desc, r.status`,
      ),
      queryRows<{ median: number | null; p95: number | null }>(
        db,
        sql`select percentile_cont(0.5) within group (order by extract(epoch from completed_at - started_at)) as median,
              percentile_cont(0.95) within group (order by extract(epoch from completed_at - started_at)) as p95
            from researches r join businesses b on b.id = r.business_id
            where r.status = 'completed' and r.started_at is not null and r.completed_at is not null
              and ${inPeriod(sql`r.created_at`)} and ${customer(sql`b.user_id`)}`,
      ),
      queryRows<{ key: string; n: number }>(
        db,
        counted('page_views', PAGE_KEY, sql`count(*)`, sql`name = ${PAGE_VIEW_EVENT}`),
      ),
      queryRows<{ key: string; n: number }>(
        db,
        counted(
          'utm_sessions',
          sql`coalesce(utm_source, 'organic')`,
          sql`count(distinct session_id)`,
          sql`session_id is not null`,
        ),
      ),
    ]);

  const usersPerPlan = plans
    .filter((row) => (PLAN_IDS as readonly number[]).includes(row.plan_id))
    .map((row) => ({
      plan_id: row.plan_id,
      name: PLANS[row.plan_id as PlanId].name,
      users: row.users,
      test_checkout_users: row.test_checkout,
    }));
  const revenue = (users: (row: (typeof usersPerPlan)[number]) => number) =>
    usersPerPlan.reduce((sum, row) => sum + PLANS[row.plan_id as PlanId].price * users(row), 0);
  const seconds = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value));
  return {
    period,
    signups_per_day: fillDays(days, signups, { count: 0 }),
    funnel: funnel[0] ?? {
      registered: 0,
      onboarded: 0,
      plan_chosen: 0,
      business_created: 0,
      first_answer: 0,
    },
    active_users: active.find((row) => row.day === null)?.users ?? 0,
    active_users_per_day: fillDays(
      days,
      active.flatMap((row) => (row.day === null ? [] : [{ day: row.day, count: row.users }])),
      { count: 0 },
    ),
    answers_per_day: fillDays(days, answers, { answers: 0, failed: 0 }),
    credits_spent: credits[0]?.spent ?? 0,
    users_per_plan: usersPerPlan,
    monthly_recurring_revenue_eur: revenue((row) => row.users - row.test_checkout_users),
    test_checkout_revenue_eur: revenue((row) => row.test_checkout_users),
    research: {
      by_state: researchStates,
      median_seconds: seconds(durations[0]?.median),
      p95_seconds: seconds(durations[0]?.p95),
    },
    top_pages: pages.map((row) => ({ page: row.key, views: row.n })),
    utm_sources: sources.map((row) => ({ source: row.key, sessions: row.n })),
  };
}
