import {
  ERROR_CODES,
  isResearchEnabled,
  RESEARCH_QUOTA_MESSAGE,
  RESEARCH_STAGE_LABELS,
  researchQuota,
  researchTokenBudget,
  STARTER_PLAN,
} from '@rumbo/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { researches } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { periodStartOf, runsThisPeriod } from './period.ts';
import { appendEvent, latestRun, type ResearchRow } from './store.ts';

/** The pg-boss queue that works runs. */
export const RESEARCH_JOB = 'market-research';

export type SendResearchJob = (researchId: number) => Promise<void>;

/**
 * A request for a business whose latest run started this recently gets that run: the server starts a
 * run when the business is created, and the browser asks again 1 s later (product.md §4 'Wizards'); a fast
 * run may already be over by then, and asking again must not spend the plan's quota. A failed run is
 * not given back: asking again is its retry.
 */
const SAME_REQUEST_WINDOW_S = 60;

async function activeOrRecentRun(db: Db, businessId: number): Promise<ResearchRow | undefined> {
  const [row] = await db
    .select()
    .from(researches)
    .where(
      and(
        eq(researches.businessId, businessId),
        sql`(${researches.status} in ('pending', 'running')
          or (${researches.status} <> 'failed'
            and ${researches.createdAt} > now() - make_interval(secs => ${SAME_REQUEST_WINDOW_S})))`,
      ),
    )
    .orderBy(desc(researches.id))
    .limit(1);
  return row;
}

/** Whether the user may start another run of this business now ('Actualizar estudio'). */
export async function canStartRun(db: Db, userId: number, planId: number, businessId: number) {
  const quota = researchQuota(planId);
  if (quota === 0) return false;
  const [active] = await db
    .select({ id: researches.id })
    .from(researches)
    .where(and(eq(researches.businessId, businessId), inArray(researches.status, ['pending', 'running'])));
  if (active) return false;
  return quota === null || (await runsThisPeriod(db, userId)) < quota;
}

/**
 * Starts a market-research run for one of the user's businesses, or gives the one under way (product.md §7
 * `POST /researches`, idempotent per business). Starter has no research: the request is recorded as
 * 'disabled' and nothing runs. Without a plan yet (onboarding) the run waits, pending, until a plan is
 * chosen (the watchdog sends it then). Founder has one run per billing period; the CEO plans any number,
 * one at a time per business. The run's token budget is the plan's: `requestedTokens` (the client's
 * `max_tokens`) may lower it, never raise it (ADR 0049).
 */
export async function startResearch(
  db: Db,
  send: SendResearchJob,
  userId: number,
  businessId: number,
  requestedTokens?: number,
): Promise<ResearchRow> {
  const { planId } = await ownedBusiness(db, { userId, businessId });
  const maxTokens = researchTokenBudget(planId, requestedTokens);
  const existing = await activeOrRecentRun(db, businessId);
  if (existing) return existing;
  if (planId === STARTER_PLAN) {
    const latest = await latestRun(db, businessId);
    if (latest?.status === 'disabled') return latest;
    const [row] = await db
      .insert(researches)
      .values({ businessId, maxTokens, status: 'disabled' })
      .returning();
    return row as ResearchRow;
  }
  const quota = researchQuota(planId);
  if (quota !== null && quota > 0 && (await runsThisPeriod(db, userId)) >= quota) {
    throw new AppError(403, ERROR_CODES.researchNotAllowed, RESEARCH_QUOTA_MESSAGE);
  }
  // A concurrent request may have started one between the read and here: the unique index on the
  // business's active run makes this insert a no-op, and the run under way is returned instead.
  const [created] = await db
    .insert(researches)
    .values({
      businessId,
      maxTokens,
      status: 'pending',
      heartbeatAt: new Date(),
      // Without a plan yet (onboarding) the period is the one the plan will begin: set when it is chosen.
      periodStart: isResearchEnabled(planId) ? periodStartOf(userId) : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const run = await activeOrRecentRun(db, businessId);
    if (run) return run;
    throw new AppError(
      409,
      ERROR_CODES.validation,
      'La investigación cambió mientras la pedías. Inténtalo de nuevo.',
    );
  }
  await appendEvent(db, created.id, 'queued', {
    label: RESEARCH_STAGE_LABELS.queued,
    stage: 'queued',
    progress: 0,
  });
  await send(created.id);
  return created;
}
