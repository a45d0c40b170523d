import { setTimeout as sleep } from 'node:timers/promises';
import { PRODUCT_EVENTS } from '@rumbo/contract';
import { and, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { type Db, queryRows } from '../../db/client.ts';
import { researches } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { TrackEvent } from '../../lib/track.ts';
import { periodStartOf } from './period.ts';
import { ResearchFailure, type ResearchRunDeps, runResearch } from './pipeline/run-research.ts';
import { failRun, RESEARCH_PLAN_IDS, STALE_AFTER_S } from './run-state.ts';
import { RESEARCH_JOB } from './start-research.ts';
import { appendEvent } from './store.ts';

/** A working run refreshes its heartbeat this often (the watchdog takes over one silent for STALE_AFTER_S). */
export const HEARTBEAT_MS = 2_000;

const UNEXPECTED_FAILURE = 'La investigación no pudo terminar por un error inesperado. Puedes reintentarla.';

export interface ResearchWorkerDeps extends Omit<ResearchRunDeps, 'modelSlots'> {
  /** Runs one process works at once; also the cap on research model calls at once (RESEARCH_CONCURRENCY). */
  concurrency: number;
  /** Reports runs started, completed and failed to analytics. */
  track?: TrackEvent;
}

type RunOutcome = (typeof PRODUCT_EVENTS)['researchStarted' | 'researchCompleted' | 'researchFailed'];

/** Tells analytics how a run went: its mode, tokens and duration so far, for the owner. */
async function reportRun(db: Db, track: TrackEvent | undefined, researchId: number, name: RunOutcome) {
  if (!track) return;
  const [run] = await queryRows<{
    user_id: number;
    mode: string | null;
    tokens: number;
    seconds: number | null;
  }>(
    db,
    sql`select b.user_id, r.mode, r.tokens_used as tokens,
          round(extract(epoch from coalesce(r.completed_at, now()) - r.started_at))::int as seconds
        from researches r join businesses b on b.id = r.business_id where r.id = ${researchId}`,
  );
  if (!run) return;
  track({
    name,
    userId: run.user_id,
    properties: { research_id: researchId, mode: run.mode, tokens: run.tokens, duration_s: run.seconds },
  });
}

export interface ResearchWorker {
  job: JobDefinition<{ researchId: number }>;
  /** Stops the runs in progress and hands them back as pending (they resume after a restart). */
  stop(): Promise<void>;
}

/**
 * Takes a run for this process: a pending one, or a running one whose process died (the watchdog
 * normally hands those back first). Only when the owner's plan has research.
 */
async function claim(db: Db, researchId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update researches r set status = 'running', attempts = r.attempts + 1, heartbeat_at = now(),
          started_at = coalesce(r.started_at, now()),
          period_start = coalesce(r.period_start, ${periodStartOf(sql`b.user_id`)})
        from businesses b join users u on u.id = b.user_id
        where r.id = ${researchId} and b.id = r.business_id
          and u.plan_id in (${sql.join(
            RESEARCH_PLAN_IDS.map((id) => sql`${id}`),
            sql`, `,
          )})
          and (r.status = 'pending'
            or (r.status = 'running' and r.heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_S})))
        returning r.id`,
  );
  return rows.length > 0;
}

/**
 * The `market-research` job: claims the run, keeps its heartbeat while the pipeline works, and records
 * the outcome. A failure is stored with its Spanish reason; a stop (shutdown) hands the run back.
 */
export function createResearchWorker(deps: ResearchWorkerDeps): ResearchWorker {
  const modelSlots = pLimit(deps.concurrency);
  const runDeps: ResearchRunDeps = { ...deps, modelSlots: { run: (fn) => modelSlots(fn) } };
  const running = new Set<AbortController>();
  let stopping = false;

  // Analytics must never fail a run: a failed report is only logged.
  const report = (researchId: number, name: RunOutcome) =>
    reportRun(deps.db, deps.track, researchId, name).catch((error: unknown) =>
      deps.logger.warn({ err: error, researchId }, 'research analytics event not recorded'),
    );

  async function work(researchId: number): Promise<void> {
    if (stopping) return;
    if (!(await claim(deps.db, researchId))) {
      // Still pending (its owner has no plan with research yet): the watchdog sends it again as soon as
      // the plan allows, instead of a minute later.
      await deps.db
        .update(researches)
        .set({ heartbeatAt: null })
        .where(and(eq(researches.id, researchId), eq(researches.status, 'pending')));
      return;
    }
    await report(researchId, PRODUCT_EVENTS.researchStarted);
    const controller = new AbortController();
    running.add(controller);
    const beat = setInterval(() => {
      deps.db
        .update(researches)
        .set({ heartbeatAt: new Date() })
        .where(and(eq(researches.id, researchId), eq(researches.status, 'running')))
        .catch((error: unknown) => deps.logger.warn({ err: error, researchId }, 'research heartbeat failed'));
    }, HEARTBEAT_MS);
    try {
      await runResearch(runDeps, researchId, controller.signal);
      await report(researchId, PRODUCT_EVENTS.researchCompleted);
    } catch (error) {
      if (controller.signal.aborted) {
        await handBack(deps.db, researchId);
      } else {
        if (!(error instanceof ResearchFailure)) {
          deps.logger.error({ err: error, researchId }, 'research run failed');
        }
        await failRun(
          deps.db,
          researchId,
          error instanceof ResearchFailure ? error.message : UNEXPECTED_FAILURE,
        );
        await report(researchId, PRODUCT_EVENTS.researchFailed);
      }
    } finally {
      clearInterval(beat);
      running.delete(controller);
    }
  }

  return {
    job: {
      name: RESEARCH_JOB,
      concurrency: deps.concurrency,
      pollingIntervalSeconds: 0.5,
      // Retries are the watchdog's (it resumes from the stored steps); pg-boss only delivers.
      options: {
        name: RESEARCH_JOB,
        retryLimit: 0,
        expireInSeconds: Math.ceil(deps.timeLimitMs / 1000) + 600,
      },
      handle: ({ researchId }) => work(researchId),
    },
    async stop() {
      stopping = true;
      for (const controller of running) controller.abort(new Error('shutting down'));
      while (running.size > 0) await sleep(20);
    },
  };
}

/** A run stopped by a shutdown goes back to pending, to be sent again as soon as a worker is up. */
async function handBack(db: Db, researchId: number): Promise<void> {
  const [back] = await db
    .update(researches)
    // A clean shutdown is not the run's fault: it does not use up one of its attempts.
    .set({ status: 'pending', heartbeatAt: null, attempts: sql`greatest(${researches.attempts} - 1, 0)` })
    .where(and(eq(researches.id, researchId), eq(researches.status, 'running')))
    .returning({ stage: researches.stage, progress: researches.progress });
  if (back) {
    await appendEvent(db, researchId, 'interrupted', {
      label: 'El servidor se reinicia: la investigación seguirá desde el último paso guardado.',
      stage: back.stage,
      progress: back.progress / 1000,
    });
  }
}
