import {
  isResearchEnabled,
  RESEARCH_STAGE_LABELS,
  researchQuota,
  researchTokenBudget,
} from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { periodStartOf, runsThisPeriod } from './period.ts';
import { appendEvent } from './store.ts';

/**
 * What a plan that includes research does to the user's businesses as it begins (ADR 0049): each business
 * whose latest run is `disabled` (asked on Starter) or that has none gets a pending run; a run waiting
 * since onboarding is placed in the new period. Founder's quota still holds (one run per period, counted
 * before each). Idempotent: a replayed webhook finds the runs it made, latest and pending or done, and
 * adds nothing. Runs inside the transaction that records the plan (`tx`), so the plan and its research
 * begin together; the runs carry no heartbeat, which the watchdog reads as "send now" (within 5 s).
 * Returns the ids of the runs it started.
 */
export async function startResearchForPlan(tx: Db, userId: number, planId: number): Promise<number[]> {
  if (!isResearchEnabled(planId)) return [];
  await tx.execute(
    sql`update researches r set period_start = ${periodStartOf(userId)}
      from businesses b
      where b.id = r.business_id and b.user_id = ${userId}
        and r.status = 'pending' and r.period_start is null`,
  );
  const idle = await queryRows<{ business_id: number; run_id: number | null }>(
    tx,
    sql`select b.id as business_id, latest.id as run_id from businesses b
      left join lateral (
        select r.id, r.status from researches r where r.business_id = b.id order by r.id desc limit 1
      ) latest on true
      where b.user_id = ${userId} and (latest.id is null or latest.status = 'disabled')
      order by b.id`,
  );
  const quota = researchQuota(planId);
  const started: number[] = [];
  for (const { business_id: businessId } of idle) {
    if (quota !== null && (await runsThisPeriod(tx, userId)) >= quota) break;
    const [run] = await queryRows<{ id: number }>(
      tx,
      sql`insert into researches (business_id, max_tokens, status, period_start)
        values (${businessId}, ${researchTokenBudget(planId)}, 'pending', ${periodStartOf(userId)})
        on conflict do nothing
        returning id`,
    );
    if (!run) continue;
    await appendEvent(tx, run.id, 'queued', {
      label: RESEARCH_STAGE_LABELS.queued,
      stage: 'queued',
      progress: 0,
    });
    started.push(run.id);
  }
  return started;
}

/**
 * The watchdog's side of the same rule: users whose plan now includes research but whose business's
 * latest run is still `disabled` (a plan changed by a path that did not start it, such as an operator's
 * edit): their research begins as a plan change would begin it.
 */
export async function reviveDisabledResearch(db: Db, researchPlanIds: readonly number[]): Promise<number[]> {
  const owners = await queryRows<{ user_id: number; plan_id: number }>(
    db,
    sql`select distinct u.id as user_id, u.plan_id from researches r
      join businesses b on b.id = r.business_id
      join users u on u.id = b.user_id
      where r.status = 'disabled'
        and u.plan_id in (${sql.join(
          researchPlanIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and r.id = (select max(r2.id) from researches r2 where r2.business_id = r.business_id)`,
  );
  const started: number[] = [];
  for (const owner of owners) {
    started.push(...(await db.transaction((tx) => startResearchForPlan(tx, owner.user_id, owner.plan_id))));
  }
  return started;
}
