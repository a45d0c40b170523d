import crypto from 'node:crypto';
import os from 'node:os';
import { FAILED_ANSWER_CONTENT } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, queryRowsNamed } from '../../../db/client.ts';
import { answers } from '../../../lib/metrics.ts';
import type { Logger } from '../../../logger.ts';
import { refund } from '../../credits/credits.ts';
import { type LiveGeneration, StopRequested } from './live-generation.ts';

/**
 * The database side of the answers generated in this process (architecture.md §4, ADR 0010): their
 * growing text, ends and titles written in batches, the heartbeat that says this process is alive, and
 * the failing of generations whose process died. The engine calls the batches on its timers.
 */

export const HEARTBEAT_MS = 2_000;
/**
 * A running generation whose heartbeat is older than this belonged to a process that died (four
 * missed heartbeats): every process looks for such generations every SWEEP_MS, so a dead process's
 * answers are interrupted and refunded within about 10 s.
 */
export const STALE_AFTER_MS = 8_000;
const SWEEP_MS = 2_000;

/** What this process has to store for its answers, between two batches. */
export interface GenerationStore {
  db: Db;
  logger: Logger;
  /** Identifies this process in `generations.owner`. */
  owner: string;
  /** The answers generated here that are not stored as ended yet, by answer id. */
  live: Map<number, LiveGeneration>;
  /** Answers that ended since the last end write. */
  ending: LiveGeneration[];
  /** Titles made by the model, by chat id, waiting for the next flush. */
  titles: Map<number, string>;
  lastHeartbeat: number;
  lastSweep: number;
}

export function createGenerationStore(db: Db, logger: Logger): GenerationStore {
  return {
    db,
    logger,
    owner: `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`,
    live: new Map(),
    ending: [],
    titles: new Map(),
    lastHeartbeat: Date.now(),
    lastSweep: 0,
  };
}

/**
 * Ends a running generation that did not complete and gives its credits back; idempotent. A failed one's
 * answer becomes 'error'; an interrupted one (its process died) keeps the text it had saved, marked
 * interrupted ('error' when nothing was saved). Either way a retry of the send starts a new attempt.
 */
async function endUnfinished(
  db: Db,
  generationId: number,
  { status, reason }: { status: 'failed' | 'interrupted'; reason: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ message_id: number; credit_source: string | null }>(
      tx,
      sql`update generations set status = ${status}, error = ${reason.slice(0, 500)}, ended_at = now()
          where id = ${generationId} and status = 'running'
          returning message_id, credit_source`,
    );
    if (!row) return false;
    const keepsText = sql`${status === 'interrupted'} and content <> ''`;
    await tx.execute(
      sql`update messages set finished = true, interrupted = ${keepsText},
            content = case when ${keepsText} then content else ${FAILED_ANSWER_CONTENT} end
          where id = ${row.message_id}`,
    );
    if (row.credit_source) await refund(tx, row.credit_source);
    return true;
  });
}

export const failGeneration = (db: Db, generationId: number, reason: string) =>
  endUnfinished(db, generationId, { status: 'failed', reason });

/**
 * Interrupts running generations whose process stopped renewing their heartbeat: a process that died
 * mid-answer. `messageIds` limits the sweep (a chat being read); without it, all of them.
 */
export async function interruptStaleGenerations(db: Db, messageIds?: number[]): Promise<number> {
  if (messageIds && messageIds.length === 0) return 0;
  const only = messageIds ? sql`and message_id in (${sql.join(messageIds, sql`, `)})` : sql``;
  const stale = await queryRows<{ id: number }>(
    db,
    sql`select id from generations
        where status = 'running' and heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_MS / 1000}) ${only}`,
  );
  let interrupted = 0;
  for (const { id } of stale) {
    if (
      await endUnfinished(db, Number(id), { status: 'interrupted', reason: 'the process running it stopped' })
    )
      interrupted++;
  }
  answers.inc({ outcome: 'interrupted' }, interrupted);
  return interrupted;
}

/**
 * The periodic batch: the growing answers, the chats' new titles, the heartbeat and the stop requests,
 * and the sweep of a dead process's answers. Ends are written on their own (`writeEnds`): an answer's
 * end waits for one statement, not for all of this.
 */
export async function writeBatch(store: GenerationStore): Promise<void> {
  await writeProgress(store);
  await writeTitles(store);
  await heartbeatAndStops(store);
  await sweepStale(store);
}

/**
 * Appends to each growing answer only what is new since the last flush (the whole text again after
 * a failed flush, whose effect is unknown), in one statement. An answer whose end is stored
 * meanwhile is left alone (`finished = false`), whichever statement reaches its row first.
 */
async function writeProgress({ db, live }: GenerationStore): Promise<void> {
  const ids: number[] = [];
  const wholes: boolean[] = [];
  const texts: string[] = [];
  const written: Array<[LiveGeneration, number]> = [];
  for (const gen of live.values()) {
    if (gen.state !== 'running' || gen.text.length === gen.persisted) continue;
    ids.push(gen.answerId);
    wholes.push(gen.rewrite);
    texts.push(gen.rewrite ? gen.text : gen.text.slice(gen.persisted));
    written.push([gen, gen.text.length]);
  }
  if (ids.length === 0) return;
  try {
    // One text for any number of answers (arrays, not a VALUES list): prepared once, never planned again.
    await queryRowsNamed(
      db,
      'chat_progress',
      sql`update messages set content = case when v.whole then v.text else messages.content || v.text end
          from unnest(${sql.param(ids)}::int[], ${sql.param(wholes)}::boolean[], ${sql.param(texts)}::text[]) as v(id, whole, text)
          where messages.id = v.id and messages.finished = false`,
    );
  } catch (error) {
    for (const [gen] of written) gen.rewrite = true;
    throw error;
  }
  for (const [gen, length] of written) {
    gen.persisted = length;
    gen.rewrite = false;
  }
}

/**
 * Stores the answers that ended: finished or stopped ones with their whole text in one statement
 * (their generation and message rows together, so it is atomic), failed ones refunded one by one.
 */
export async function writeEnds({ db, live, ending }: GenerationStore): Promise<void> {
  if (ending.length === 0) return;
  const batch = ending.splice(0, ending.length);
  const done = batch.filter((gen) => gen.state !== 'failed');
  try {
    if (done.length > 0) {
      // Each column one array parameter (a bare array in sql`` would become a list of parameters).
      const column = <T>(pick: (gen: LiveGeneration) => T) => sql.param(done.map(pick));
      // Only rows still running: a generation failed meanwhile (stale) keeps its state and text.
      await queryRowsNamed(
        db,
        'chat_ends',
        sql`with v(id, status, input, output, answer_id, content) as (
              select * from unnest(${column((g) => g.generationId)}::int[], ${column((g) => g.state)}::text[],
                ${column((g) => g.usage.inputTokens)}::int[], ${column((g) => g.usage.outputTokens)}::int[],
                ${column((g) => g.answerId)}::int[], ${column((g) => g.text)}::text[])),
            g as (
              update generations g set status = v.status, input_tokens = v.input, output_tokens = v.output,
                ended_at = now()
              from v where g.id = v.id and g.status = 'running'
              returning g.id)
            update messages set content = v.content, finished = true
            from v join g on g.id = v.id where messages.id = v.answer_id`,
      );
    }
    for (const gen of batch.filter((g) => g.state === 'failed')) {
      await failGeneration(db, gen.generationId, gen.failure);
    }
  } catch (error) {
    // Not stored: try again at the next end write rather than leave an answer unfinished.
    ending.push(...batch);
    throw error;
  }
  for (const gen of batch) {
    live.delete(gen.answerId);
    gen.markStored();
    gen.wake();
  }
}

/** The model-made titles of the last batch, in one statement (new chats come in bursts too). */
async function writeTitles({ db, titles }: GenerationStore): Promise<void> {
  if (titles.size === 0) return;
  const batch = [...titles];
  titles.clear();
  try {
    await queryRowsNamed(
      db,
      'chat_titles',
      sql`update chats set title = v.title, title_generated = true
          from unnest(${sql.param(batch.map(([chatId]) => chatId))}::int[], ${sql.param(batch.map(([, title]) => title))}::text[])
            as v(id, title)
          where chats.id = v.id and chats.title_generated = false`,
    );
  } catch (error) {
    for (const [chatId, title] of batch) if (!titles.has(chatId)) titles.set(chatId, title);
    throw error;
  }
}

async function heartbeatAndStops(store: GenerationStore): Promise<void> {
  const { db, live, owner } = store;
  if (live.size === 0) return;
  const now = Date.now();
  if (now - store.lastHeartbeat >= HEARTBEAT_MS) {
    store.lastHeartbeat = now;
    await db.execute(
      sql`update generations set heartbeat_at = now() where owner = ${owner} and status = 'running'`,
    );
  }
  // A stop may have reached another process (or app instance) than the one running the answer.
  const asked = await queryRows<{ message_id: number }>(
    db,
    sql`select message_id from generations where owner = ${owner} and status = 'running' and stop_requested`,
  );
  for (const row of asked) live.get(Number(row.message_id))?.controller.abort(new StopRequested());
}

/** Every SWEEP_MS, answers left running by a process that died are interrupted, read or not. */
async function sweepStale(store: GenerationStore): Promise<void> {
  const now = Date.now();
  if (now - store.lastSweep < SWEEP_MS) return;
  store.lastSweep = now;
  const count = await interruptStaleGenerations(store.db);
  if (count > 0)
    store.logger.warn({ count }, 'answers of a process that stopped were interrupted and refunded');
}
