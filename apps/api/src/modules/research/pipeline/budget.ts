import type { RunContext } from './run-context.ts';

/**
 * The run's token budget (`max_tokens`, product.md §9): gathering stops at 40 % of it, and the last 15 % is
 * kept for writing the summary, so a run always ends in a report (jina-ai/node-DeepResearch keeps a
 * reserve for its final answer the same way).
 */
export const GATHER_SHARE = 0.4;
export const RESERVE_SHARE = 0.15;

export function mayGather(ctx: RunContext): boolean {
  return ctx.budget.spent < ctx.run.maxTokens * GATHER_SHARE;
}

/** Whether a call of about `estimate` tokens fits; only the summary may use the reserve. */
export function mayWrite(ctx: RunContext, estimate: number, usesReserve: boolean): boolean {
  const limit = ctx.run.maxTokens * (usesReserve ? 1 : 1 - RESERVE_SHARE);
  return ctx.budget.spent + estimate <= limit;
}
