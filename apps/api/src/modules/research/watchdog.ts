import { type ResearchStage, STARTER_PLAN } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { type SendResearchMailJob, sweepResearchMails } from './mail-job.ts';
import { reviveDisabledResearch } from './plan-change.ts';
import { failRun, RESEARCH_PLAN_IDS, STALE_AFTER_S } from './run-state.ts';
import type { SendResearchJob } from './start-research.ts';
import { appendEvent } from './store.ts';

/** How many times a run is started (the first time and after each death of its process). */
export const MAX_ATTEMPTS = 3;
/** A pending run not picked up for this long is sent again (its job was lost, or its plan just came). */
const RESEND_AFTER_S = 60;
const SWEEP_EVERY_MS = 5_000;

export const GAVE_UP_REASON =
  'La investigación se interrumpió varias veces y no pudo terminar. Puedes reintentarla.';

/**
 * One pass of the watchdog, safe to run in several processes at once (every change is a conditional
 * update): a running run whose heartbeat stopped is handed back and sent again, or failed after
 * MAX_ATTEMPTS; a pending run of a Starter user is disabled; a disabled run whose owner's plan now has
 * research begins again; a pending run nobody took (or one just started by a plan change) is sent.
 * Nothing stays 'running' forever.
 */
export async function sweepResearch(
  db: Db,
  send: SendResearchJob,
  sendMail?: SendResearchMailJob,
): Promise<void> {
  const stale = await queryRows<{
    id: number;
    attempts: number;
    stage: ResearchStage;
    progress_permille: number;
  }>(
    db,
    sql`select id, attempts, stage, progress_permille from researches
      where status = 'running' and heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_S})`,
  );
  for (const run of stale) {
    if (run.attempts >= MAX_ATTEMPTS) {
      await failRun(db, run.id, GAVE_UP_REASON);
      continue;
    }
    const [back] = await queryRows<{ id: number }>(
      db,
      sql`update researches set status = 'pending', heartbeat_at = now()
        where id = ${run.id} and status = 'running'
          and heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_S})
        returning id`,
    );
    if (!back) continue;
    await appendEvent(db, run.id, 'interrupted', {
      label: 'El trabajo se interrumpió: la investigación sigue desde el último paso guardado.',
      stage: run.stage,
      progress: run.progress_permille / 1000,
    });
    await send(run.id);
  }

  await db.execute(
    sql`update researches r set status = 'disabled' from businesses b join users u on u.id = b.user_id
      where r.status = 'pending' and b.id = r.business_id and u.plan_id = ${STARTER_PLAN}`,
  );

  // A business left with a disabled run while its owner's plan now includes research: it begins (ADR 0049).
  await reviveDisabledResearch(db, RESEARCH_PLAN_IDS);

  const waiting = await queryRows<{ id: number }>(
    db,
    sql`update researches r set heartbeat_at = now()
      from businesses b join users u on u.id = b.user_id
      where r.status = 'pending' and b.id = r.business_id
        and u.plan_id in (${sql.join(
          RESEARCH_PLAN_IDS.map((id) => sql`${id}`),
          sql`, `,
        )})
        and (r.heartbeat_at is null or r.heartbeat_at < now() - make_interval(secs => ${RESEND_AFTER_S}))
      returning r.id`,
  );
  for (const { id } of waiting) await send(id);

  if (sendMail) await sweepResearchMails(db, sendMail);
}

/** Runs the watchdog every few seconds in a process that works jobs; returns its stop. */
export function startResearchWatchdog(
  db: Db,
  send: SendResearchJob,
  logger: Logger,
  sendMail?: SendResearchMailJob,
): () => Promise<void> {
  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    // A slow pass (a busy database) is not overlapped by the next one.
    sweeping ??= sweepResearch(db, send, sendMail)
      .catch((error: unknown) => logger.error({ err: error }, 'research watchdog failed'))
      .finally(() => {
        sweeping = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
}
