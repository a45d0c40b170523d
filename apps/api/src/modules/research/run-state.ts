import { isResearchEnabled, PLAN_IDS } from '@rumbo/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { researches } from '../../db/schema/index.ts';
import { appendEvent } from './store.ts';

/** A running run whose heartbeat is older than this belongs to a process that died. */
export const STALE_AFTER_S = 10;

/** Plans whose runs may work (the others wait, or are disabled by the watchdog). */
export const RESEARCH_PLAN_IDS = PLAN_IDS.filter(isResearchEnabled);

/**
 * Ends a run as failed with a Spanish reason the user reads (and may retry); its owner's mail is due in
 * the same statement (ADR 0050), so no crash can end a run without it.
 */
export async function failRun(db: Db, researchId: number, reason: string): Promise<void> {
  const [failed] = await db
    .update(researches)
    .set({ status: 'failed', error: reason, heartbeatAt: null, mailState: 'due', mailAt: null })
    .where(and(eq(researches.id, researchId), sql`${researches.status} in ('pending', 'running')`))
    .returning({ id: researches.id });
  if (failed) await appendEvent(db, researchId, 'failed', { label: reason, stage: 'done', progress: 0 });
}
