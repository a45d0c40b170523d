import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { AdminOverview, AdminPeriod } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { applyMigrations } from '../apps/api/src/db/migrate.ts';
import { listUsers } from '../apps/api/src/modules/admin/list-users.ts';
import { readOverview } from '../apps/api/src/modules/admin/overview.ts';
import { rollUpClosedDays } from '../apps/api/src/modules/analytics/daily-rollup.ts';
import { benchDatabase } from './lib/chat-load.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * The operator console's queries (ADR 0017) on a year of generated analytics: readOverview for the last
 * 30 and 365 days counted from the raw events (analytics_daily empty: the baseline) and after
 * rollUpClosedDays (Rumbo), same data, same run; and listUsers. PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set.
 */
const EVENTS = Number(process.env.ANALYTICS_BENCH_EVENTS ?? 1_000_000);
/** Timed runs of each query (after one untimed run). */
const RUNS = Number(process.env.ANALYTICS_BENCH_RUNS ?? 20);
/** Timed runs of the slowest query, the 365-day overview from the raw events. */
const SLOW_RUNS = Number(process.env.ANALYTICS_BENCH_SLOW_RUNS ?? RUNS);
const USERS = 5_000;
const BUSINESSES = 3_000;
/** One browser session per five events: about 200,000 for a million. */
const SESSIONS = Math.max(1, Math.round(EVENTS / 5));
const DAYS = 365;
/** The console leaves the operators out of every figure: one listed address, as on a real install. */
const OPERATORS = ['ops@example.com'];
const BATCH = 100_000;
/** Matches usuaria123@example.com and usuaria1230…1239: 11 users. */
const SEARCH = 'usuaria123';

const PAGES = [
  'Chat',
  'Negocios',
  'Login',
  'Perfil',
  'Planes',
  'Investigación',
  'Informe',
  'Registro',
  'Onboarding',
  'Privacidad',
  'Ayuda',
  'Ruta desconocida',
];
const BROWSER_EVENTS: Array<[string, number]> = [
  ['Página vista', 0.7],
  ['Mensaje enviado a Rumbo', 0.08],
  ['Nuevo chat creado', 0.04],
  ['Login', 0.04],
  ['Sign Up', 0.02],
];
const SERVER_EVENTS = [
  'Fuente de tráfico',
  'Negocio creado',
  'Plan elegido',
  'Investigación iniciada',
  'Investigación completada',
  'Créditos agotados',
];
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: string[]) => `array[${items.map(quote).join(', ')}]`;

type Row = Record<string, string | number>;
const COLUMNS = [
  'engine',
  'query',
  'runs',
  'baseline p50 ms',
  'baseline p99 ms',
  'Rumbo p50 ms',
  'Rumbo p99 ms',
  'p50 speed-up',
] as const;
/** A table row with every column, in order (console.table takes the columns from the first row). */
const row = (values: Partial<Record<(typeof COLUMNS)[number], string | number>>): Row =>
  Object.fromEntries(COLUMNS.map((column) => [column, values[column] ?? '']));

/** The nearest-rank percentile, as the other benchmarks compute it. */
function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function timed<T>(
  runs: number,
  work: () => Promise<T>,
): Promise<{ p50: number; p99: number; last: T }> {
  let last = await work();
  const times: number[] = [];
  for (let n = 0; n < runs; n++) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), last };
}

const ms = (value: number) => value.toFixed(1);

/**
 * Users, businesses and EVENTS analytics events over the last DAYS days (UTC), all in set-based SQL.
 * Browser events belong to a session of at most 30 minutes (its day, start, source, device and, for
 * half of the sessions, signed-in user follow from its number); server events have no session and
 * always a user. About 70 % are page views. Sessions never cross midnight UTC: the rollup counts the
 * distinct sessions of each day and the console adds the days up, so a session that crossed midnight
 * would count once from the raw events and twice from the daily counts, and the equality check would
 * fail on that known difference (reported with the benchmark's figures in README.md).
 */
async function generateData(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`insert into users (full_name, email, username, plan_id, discovery_source, created_at, updated_at)
      select 'Usuaria ' || g, 'usuaria' || g || '@example.com', 'usuaria' || g,
        (array[-1, -1, -1, -1, 9, 5, 7, 7, 11, 12])[1 + (g * 7) % 10],
        case when g % 3 <> 0 then (array['instagram', 'tiktok', 'google', 'amigos'])[1 + g % 4] end,
        now() - random() * ${DAYS * 86_400} * interval '1 s', now()
      from generate_series(1, ${USERS}) as g`),
  );
  await db.execute(
    sql.raw(`insert into credit_balances (user_id, balance)
      select id, (id * 37) % 200 from users`),
  );
  await db.execute(
    sql.raw(`insert into businesses (user_id, stage, name, location, description, goal, team_description, team_size)
      select u.id, case when u.id % 2 = 0 then 'idea' else 'established' end, 'Negocio ' || u.id, 'Madrid',
        'Una cafetería de especialidad', 'Crecer', 'Dos personas', 2
      from users u order by u.id limit ${BUSINESSES}`),
  );
  const browserNames = textArray(BROWSER_EVENTS.map(([name]) => name));
  // Where each browser event's share of r ends: 0.70, 0.78, …
  const bounds: string[] = [];
  let sum = 0;
  for (const [, share] of BROWSER_EVENTS) {
    sum += share;
    bounds.push(sum.toFixed(4));
  }
  const browserCase = `case ${bounds.map((bound, n) => `when r < ${bound} then ${n + 1}`).join(' ')} end`;
  for (let first = 1; first <= EVENTS; first += BATCH) {
    const last = Math.min(EVENTS, first + BATCH - 1);
    await db.execute(
      sql.raw(`with clock as (
          select today, extract(epoch from now() - today) as elapsed
          from (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as today) as t),
        drawn as (
          select i, random() as r, 1 + floor(random() * ${SESSIONS})::int as s,
            floor(random() * ${DAYS})::int as server_day, random() as a, random() as b, random() as c
          from generate_series(${first}, ${last}) as i),
        event as (
          select drawn.*, r < ${bounds.at(-1)} as browser, (s::bigint * 7919) % ${DAYS} as session_day
          from drawn)
        insert into analytics_events (name, properties, user_id, session_id, path, utm_source, device, created_at)
        select
          case when browser then (${browserNames})[${browserCase}]
            else (${textArray(SERVER_EVENTS)})[1 + floor(a * ${SERVER_EVENTS.length})::int] end,
          case when browser and r < ${bounds[0]} then
            jsonb_build_object('name', (${textArray(PAGES)})[1 + floor(${PAGES.length} * a * a)::int])
            else '{}'::jsonb end,
          case when not browser then 1 + floor(b * ${USERS})::int
            when s % 2 = 0 then 1 + ((s / 2)::bigint * 31) % ${USERS} end,
          case when browser then 's-' || s end,
          case when browser then '/' end,
          case when browser then
            (array['instagram', 'tiktok', 'google', 'newsletter'])[1 + s % 20] end,
          case when browser then (array['mobile', 'mobile', 'desktop', 'tablet'])[1 + s % 4] end,
          least(now(), case
            when browser then today - session_day * 86400 * interval '1 s'
              + ((s::bigint * 104729) % 100000) / 100000.0
                * greatest(case when session_day = 0 then elapsed else 86400 end - 1800, 0) * interval '1 s'
              + c * 1800 * interval '1 s'
            else today - server_day * 86400 * interval '1 s'
              + c * (case when server_day = 0 then elapsed else 86400 end) * interval '1 s' end)
        from event, clock`),
    );
  }
  await db.execute(sql`analyze`);
}

function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const audience = (o: AdminOverview) => ({
  top_pages: o.top_pages,
  utm_sources: o.utm_sources,
  active_users: o.active_users,
  active_users_per_day: o.active_users_per_day,
});

async function measure(engine: string, database: Database): Promise<Row[]> {
  const { db } = database;
  const rows: Row[] = [];
  await applyMigrations(database);

  const generationStarted = performance.now();
  await generateData(db);
  const generationMs = performance.now() - generationStarted;
  const [counts] = await queryRows<{
    events: number;
    sessions: number;
    page_views: number;
    with_user: number;
  }>(
    db,
    sql`select count(*)::int as events, count(distinct session_id)::int as sessions,
          count(*) filter (where name = 'Página vista')::int as page_views,
          count(user_id)::int as with_user
        from analytics_events`,
  );
  console.log(
    `${engine}: generated ${counts?.events} events (${counts?.page_views} page views, ${counts?.with_user} with a user, ${counts?.sessions} sessions), ${USERS} users, ${BUSINESSES} businesses in ${(generationMs / 1000).toFixed(1)} s`,
  );
  rows.push(
    row({
      engine,
      query: `generate the data (${EVENTS} events), analyze`,
      runs: 1,
      'Rumbo p50 ms': ms(generationMs),
    }),
  );

  const today = isoDay(0);
  const periods: Array<[string, AdminPeriod, number]> = [
    ['readOverview, last 30 days', { from: isoDay(29), to: today }, RUNS],
    ['readOverview, last 365 days', { from: isoDay(DAYS - 1), to: today }, SLOW_RUNS],
  ];

  // Baseline: analytics_daily is empty, so every audience figure is counted from the raw events.
  const baseline: Array<{ p50: number; p99: number; last: AdminOverview }> = [];
  for (const [label, period, runs] of periods) {
    const result = await timed(runs, () => readOverview(db, period, OPERATORS));
    console.log(
      `${engine}: ${label} from the raw events: p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms`,
    );
    baseline.push(result);
  }

  const rollupStarted = performance.now();
  const counted: string[] = [];
  for (;;) {
    const days = await rollUpClosedDays(db, OPERATORS);
    counted.push(...days);
    // A run counts at most 400 days and always recounts the last week: one more run is needed only
    // when the first one stopped at its limit.
    if (days.length < 400) break;
  }
  const rollupMs = performance.now() - rollupStarted;
  const [daily] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from analytics_daily`);
  console.log(
    `${engine}: rollUpClosedDays counted ${counted.length} days into ${daily?.n} rows in ${ms(rollupMs)} ms`,
  );
  await db.execute(sql`analyze analytics_daily`);

  for (const [n, [label, period, runs]] of periods.entries()) {
    const before = baseline[n];
    const after = await timed(runs, () => readOverview(db, period, OPERATORS));
    if (!before || !isDeepStrictEqual(audience(before.last), audience(after.last)))
      throw new Error(
        `${engine}: ${label} differs after the rollup:\n${JSON.stringify(audience(before?.last as AdminOverview))}\n${JSON.stringify(audience(after.last))}`,
      );
    console.log(
      `${engine}: ${label} after the rollup: p50 ${ms(after.p50)} ms, p99 ${ms(after.p99)} ms (same figures)`,
    );
    rows.push(
      row({
        engine,
        query: label,
        runs,
        'baseline p50 ms': ms(before.p50),
        'baseline p99 ms': ms(before.p99),
        'Rumbo p50 ms': ms(after.p50),
        'Rumbo p99 ms': ms(after.p99),
        'p50 speed-up': `${(before.p50 / after.p50).toFixed(1)}x`,
      }),
    );
  }
  rows.push(
    row({
      engine,
      query: `rollUpClosedDays (${counted.length} days, ${daily?.n} rows)`,
      runs: 1,
      'Rumbo p50 ms': ms(rollupMs),
    }),
  );

  for (const [label, q] of [
    ['listUsers, page 1', undefined],
    [`listUsers, q=${SEARCH}`, SEARCH],
  ] as const) {
    const result = await timed(RUNS, () => listUsers(db, { q, page: 1 }));
    rows.push(
      row({
        engine,
        query: `${label} (${result.last.users.length} of ${result.last.total})`,
        runs: RUNS,
        'Rumbo p50 ms': ms(result.p50),
        'Rumbo p99 ms': ms(result.p99),
      }),
    );
  }
  return rows;
}

const bench: Benchmark = {
  name: 'analytics-console',
  description: `The operator console on ${EVENTS} analytics events over ${DAYS} days, ${USERS} users: readOverview counted from the raw events (baseline, analytics_daily empty) versus after rollUpClosedDays (Rumbo), same data, same run, same figures checked; listUsers. ${RUNS} timed runs each after one untimed (${SLOW_RUNS} for the 365-day baseline). PGlite, and PostgreSQL when TEST_DATABASE_URL is set.`,
  async run() {
    const rows: Row[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-analytics-'));
    try {
      const database = await openDatabase({ dataDir });
      try {
        rows.push(...(await measure('PGlite', database)));
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    if (process.env.TEST_DATABASE_URL) {
      const location = await benchDatabase();
      try {
        const database = await openDatabase({ url: location.url as string });
        try {
          rows.push(...(await measure('PostgreSQL', database)));
        } finally {
          await database.close();
        }
      } finally {
        await location.drop();
      }
    }
    return rows;
  },
};

export default bench;
