import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * The start of the user's current billing period, as SQL: one month before the stored subscription's
 * period end, else (Starter, no subscription) the start of the calendar month. Runs store the value this
 * gave when a plan let them work (`period_start`), and the quota compares with the same expression, so the
 * two never disagree by a clock or a month's length (ADR 0049).
 */
export function periodStartOf(userId: number | SQL): SQL {
  return sql`coalesce(
    (select s.current_period_end - interval '1 month' from subscriptions s
      where s.user_id = ${userId} and s.current_period_end is not null),
    date_trunc('month', now()))`;
}

/**
 * Runs of this user's businesses that count against the plan's quota in the current billing period: by
 * the period each belongs to (`period_start`; a run from before that column by its creation), so a run
 * requested during onboarding counts in the period its plan began. A failed run does not count: the user
 * may retry it.
 */
export async function runsThisPeriod(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from researches r
      join businesses b on b.id = r.business_id
      where b.user_id = ${userId} and r.status in ('pending', 'running', 'completed')
        and coalesce(r.period_start, r.created_at) >= ${periodStartOf(userId)}`,
  );
  return Number(row?.n ?? 0);
}
