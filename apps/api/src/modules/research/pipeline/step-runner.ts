import { sql } from 'drizzle-orm';
import { researches } from '../../../db/schema/index.ts';
import { event, type Milestone, type RunContext, TokenMeter } from './run-context.ts';

/**
 * The one sequence every step of a run goes through (architecture.md §4a): skip it when its result is
 * stored → event → ask → spend → save → event. A step only says where its result lives, what to tell the
 * user and how to make it; it returns its result, and the runner stores it.
 */

/** Where a step's result is stored: the plan column, or a key of the notes or sections column. */
export type Slot = { column: 'plan' } | { column: 'notes' | 'sections'; key: string };

export interface Step<T> {
  slot: Slot;
  /** The event before the work, if the step has one. */
  start?: Milestone;
  /** Makes the result; the tokens of its model calls go on `meter`. */
  make(meter: TokenMeter): Promise<T>;
  /** The event once the result is stored. */
  done(result: T): Milestone;
}

/** The result a run already stored in `slot` (a resumed run), if any. */
export function storedResult(ctx: RunContext, slot: Slot): unknown {
  if (slot.column === 'plan') return Array.isArray(ctx.run.plan) ? ctx.run.plan : undefined;
  const column = (slot.column === 'notes' ? ctx.run.notes : ctx.run.sections) as Record<string, unknown>;
  return column[slot.key];
}

async function save(ctx: RunContext, slot: Slot, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  const set =
    slot.column === 'plan'
      ? { plan: sql`${json}::jsonb` }
      : slot.column === 'notes'
        ? { notes: sql`${researches.notes} || jsonb_build_object(${slot.key}::text, ${json}::jsonb)` }
        : { sections: sql`${researches.sections} || jsonb_build_object(${slot.key}::text, ${json}::jsonb)` };
  await ctx.deps.db.update(researches).set(set).where(sql`${researches.id} = ${ctx.id}`);
}

/** Adds tokens to the run (its budget and `tokens_used`). */
export async function spend(ctx: RunContext, tokens: number): Promise<void> {
  if (tokens === 0) return;
  ctx.budget.spent += tokens;
  await ctx.deps.db
    .update(researches)
    .set({ tokensUsed: sql`${researches.tokensUsed} + ${tokens}` })
    .where(sql`${researches.id} = ${ctx.id}`);
}

/**
 * Runs a step, or returns its stored result. A failure propagates (the caller decides what it leaves
 * out); the tokens the step used are charged either way.
 */
export async function runStep<T>(ctx: RunContext, step: Step<T>): Promise<T> {
  const stored = storedResult(ctx, step.slot);
  if (stored !== undefined) return stored as T;
  if (step.start) await event(ctx, step.start);
  const meter = new TokenMeter();
  let result: T;
  try {
    result = await step.make(meter);
  } finally {
    await spend(ctx, meter.tokens);
  }
  await save(ctx, step.slot, result);
  await event(ctx, step.done(result));
  return result;
}
