import type { Business, ResearchEventType, ResearchMode, ResearchStage } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnswerUsage, Assistant, CompleteRequest } from '../../../ai/assistant.ts';
import { completeJson } from '../../../ai/structured.ts';
import type { Db } from '../../../db/client.ts';
import { businesses, researches, users } from '../../../db/schema/index.ts';
import { deadline } from '../../../lib/deadline.ts';
import type { Logger } from '../../../logger.ts';
import { toBusiness } from '../../businesses/business-wire.ts';
import { appendEvent, type ResearchRow } from '../store.ts';
import type { PageFetcher } from '../web/fetch-page.ts';
import type { SearchClient } from '../web/search.ts';
import { RUN_TEXT } from './report-text.es.ts';

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

/** Each model call's limit (per-step timeouts). */
export const MODEL_CALL_TIMEOUT_MS = 120_000;

/**
 * What every step reads about the run it works on. `run` is the row as loaded: its stored steps are what
 * a resumed run skips; steps return what they make rather than writing it here. Only `budget.spent`
 * changes, as the run spends tokens.
 */
export interface RunContext {
  deps: ResearchRunDeps;
  id: number;
  run: ResearchRow;
  business: Business;
  planId: number;
  mode: ResearchMode;
  signal: AbortSignal;
  /** Tokens spent so far (kept in step with `tokens_used`). */
  budget: { spent: number };
  deadline: number;
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
  if (!row) throw new ResearchFailure(RUN_TEXT.gone);
  const started = row.run.startedAt?.getTime() ?? Date.now();
  return {
    deps,
    id: researchId,
    run: row.run,
    business: toBusiness(row.business),
    planId: row.planId,
    mode: (row.run.mode ?? 'model') as ResearchMode,
    signal,
    budget: { spent: row.run.tokensUsed },
    deadline: started + deps.timeLimitMs,
  } satisfies RunContext;
}

/** A point of the run's timeline: what the user reads, and where the run is. */
export interface Milestone {
  type: ResearchEventType;
  label: string;
  stage: ResearchStage;
  progress: number;
}

export function event(ctx: RunContext, milestone: Milestone): Promise<number> {
  const { type, ...payload } = milestone;
  return appendEvent(ctx.deps.db, ctx.id, type, payload);
}

/** Counts the tokens of a step's model calls, so that the runner charges them even when the step fails. */
export class TokenMeter {
  tokens = 0;
  add(usage: AnswerUsage): void {
    this.tokens += (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
  }
}

/**
 * One structured model call of the run: within the process's cap on research calls, and stopped by the
 * run's signal or after MODEL_CALL_TIMEOUT_MS (a deadline that still fires after garbage collection).
 * Its tokens go on `meter`.
 */
export function askModel<T>(
  ctx: RunContext,
  meter: TokenMeter,
  schema: z.ZodType<T>,
  request: Omit<CompleteRequest, 'signal' | 'json'>,
): Promise<T> {
  return ctx.deps.modelSlots.run(async () => {
    const call = deadline(ctx.signal, MODEL_CALL_TIMEOUT_MS);
    try {
      const result = await completeJson(ctx.deps.assistant, schema, { ...request, signal: call.signal });
      meter.add(result.usage);
      return result.value;
    } catch (error) {
      // A call that failed after its repairs still cost what it used.
      const spent = (error as { usage?: AnswerUsage }).usage;
      if (spent) meter.add(spent);
      throw error;
    } finally {
      call.clear();
    }
  });
}

export const outOfTime = (ctx: RunContext) => Date.now() > ctx.deadline;
