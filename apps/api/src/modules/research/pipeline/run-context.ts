import type { Business, ResearchEventType, ResearchMode, ResearchStage } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Assistant, CompleteRequest } from '../../../ai/assistant.ts';
import { completeJson, type StructuredResult } from '../../../ai/structured.ts';
import type { Db } from '../../../db/client.ts';
import { businesses, researches, users } from '../../../db/schema/index.ts';
import { deadline } from '../../../lib/deadline.ts';
import type { Logger } from '../../../logger.ts';
import { toBusiness } from '../../businesses/business-wire.ts';
import { appendEvent, type ResearchRow } from '../store.ts';
import type { PageFetcher } from '../web/fetch-page.ts';
import type { SearchClient } from '../web/search.ts';

export interface ResearchRunDeps {
  db: Db;
  assistant: Assistant;
  logger: Logger;
  /** null: no search provider configured. */
  search: SearchClient | null;
  fetchPage: PageFetcher;
  /** RESEARCH_TIME_LIMIT_S in ms, counted from the run's start. */
  timeLimitMs: number;
  /** The process's cap on research model calls at once. */
  modelSlots: { run<T>(fn: () => Promise<T>): Promise<T> };
}

/** A failure the user reads (Spanish): the run ends failed with it, and may be retried. */
export class ResearchFailure extends Error {}

/** Each model call's limit (issue 14: per-step timeouts). */
export const MODEL_CALL_TIMEOUT_MS = 120_000;

/** Everything a step needs about the run it works on. */
export interface RunContext {
  deps: ResearchRunDeps;
  id: number;
  run: ResearchRow;
  business: Business;
  planId: number;
  mode: ResearchMode;
  signal: AbortSignal;
  /** Tokens spent so far (kept in step with `tokens_used`). */
  spent: number;
  deadline: number;
  /** Set when the budget or the time limit left work undone (the report is partial, not failed). */
  cutShort: 'budget' | 'time' | null;
}

export async function loadRun(
  deps: ResearchRunDeps,
  researchId: number,
  signal: AbortSignal,
): Promise<RunContext> {
  const [row] = await deps.db
    .select({ run: researches, business: businesses, planId: users.planId })
    .from(researches)
    .innerJoin(businesses, eq(businesses.id, researches.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(eq(researches.id, researchId));
  if (!row) throw new ResearchFailure('La investigación ya no existe.');
  const started = row.run.startedAt?.getTime() ?? Date.now();
  return {
    deps,
    id: researchId,
    run: row.run,
    business: toBusiness(row.business),
    planId: row.planId,
    mode: (row.run.mode ?? 'model') as ResearchMode,
    signal,
    spent: row.run.tokensUsed,
    deadline: started + deps.timeLimitMs,
    cutShort: null,
  } satisfies RunContext;
}

/** Adds a model call's tokens to the run. */
export async function spend(ctx: RunContext, tokens: number): Promise<void> {
  ctx.spent += tokens;
  await ctx.deps.db
    .update(researches)
    .set({ tokensUsed: sql`${researches.tokensUsed} + ${tokens}` })
    .where(eq(researches.id, ctx.id));
}

export function event(
  ctx: RunContext,
  type: ResearchEventType,
  label: string,
  stage: ResearchStage,
  progress: number,
): Promise<number> {
  return appendEvent(ctx.deps.db, ctx.id, type, { label, stage, progress });
}

/** Stores one finished step's output under `key` of a jsonb column (notes or sections). */
export async function saveStep(ctx: RunContext, column: 'notes' | 'sections', key: string, value: unknown) {
  const target = column === 'notes' ? researches.notes : researches.sections;
  await ctx.deps.db
    .update(researches)
    .set({ [column]: sql`${target} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)` })
    .where(eq(researches.id, ctx.id));
}

/**
 * One structured model call of the run: within the process's cap on research calls, and stopped by the
 * run's signal or after MODEL_CALL_TIMEOUT_MS (a deadline that still fires after garbage collection).
 */
export function askModel<T>(
  ctx: RunContext,
  schema: z.ZodType<T>,
  request: Omit<CompleteRequest, 'signal' | 'json'>,
): Promise<StructuredResult<T>> {
  return ctx.deps.modelSlots.run(async () => {
    const call = deadline(ctx.signal, MODEL_CALL_TIMEOUT_MS);
    try {
      return await completeJson(ctx.deps.assistant, schema, { ...request, signal: call.signal });
    } finally {
      call.clear();
    }
  });
}

export const outOfTime = (ctx: RunContext) => Date.now() > ctx.deadline;
