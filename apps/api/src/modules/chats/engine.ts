import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import { APICallError, type LanguageModelV3Message } from '@ai-sdk/provider';
import { FAILED_ANSWER_CONTENT } from '@rumbo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnswerUsage, Assistant } from '../../ai/assistant.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { refund } from '../credits/credits.ts';

/**
 * Runs answers on the server, apart from the HTTP requests that asked for them (architecture.md §4).
 *
 * Each running answer is a `LiveGeneration` in this process: the model's text accumulates in memory,
 * readers in this process stream it from there, and one flusher writes every growing answer to the
 * database in a single statement every FLUSH_MS (readers in other processes poll those rows). The ends
 * of answers are written apart, one statement for those that ended within END_FLUSH_MS. A finished or
 * stopped answer's readers end at once: until its end is stored, this process reports it finished from
 * memory (`complete`), so a client that sees the end finds the answer on reload. Holding every reader
 * until its batch was stored released the clients of a batch together, and their next sends arrived in
 * bursts (ADR 0010). A failed answer's readers wait until its refund is stored, so that a retry finds it.
 */

export const FLUSH_MS = 500;
/** After its first bytes, a response gets new text at most this often (fewer, larger writes under load). */
export const WRITE_INTERVAL_MS = 100;
const END_FLUSH_MS = 50;
export const HEARTBEAT_MS = 2_000;
/**
 * A running generation whose heartbeat is older than this belonged to a process that died (four
 * missed heartbeats): every process looks for such generations every SWEEP_MS, so a dead process's
 * answers are interrupted and refunded within about 10 s.
 */
export const STALE_AFTER_MS = 8_000;
const SWEEP_MS = 2_000;
const SHUTDOWN_WAIT_MS = 10_000;

/** A new debit source id for one attempt at an answer (one charge per attempt, refunded if it fails). */
export const newAnswerSourceId = () => `answer:${crypto.randomUUID()}`;

/**
 * How a failed generation's `error` starts when trying again cannot help (the model refused the request:
 * a 4xx other than 408/409/429, or a provider account out of quota). A client's retry of such a send
 * gets the failure at once instead of a new attempt (`service.replay`).
 */
export const LASTING_FAILURE = 'lasting:';

/** Why a model call failed, as stored in `generations.error`. */
export function failureReason(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const quota = /insufficient_quota|billing|credit balance/i.test(error.responseBody ?? '');
    const lasting = !error.isRetryable || quota;
    return `${lasting ? LASTING_FAILURE : ''} the model answered HTTP ${error.statusCode ?? '—'}: ${error.message}`.trim();
  }
  return `the model call failed: ${error instanceof Error ? error.message : String(error)}`;
}

export const isLastingFailure = (reason: string | null | undefined) =>
  reason?.startsWith(LASTING_FAILURE) === true;

class StopRequested extends Error {}
class ShuttingDown extends Error {}
/** The send that began the answer was not stored (a retry raced it, or credits ran out meanwhile). */
class NotStored extends Error {}

type EndState = 'finished' | 'stopped' | 'failed';

export class LiveGeneration {
  text = '';
  /** Characters of `text` already in the database. */
  persisted = 0;
  /** The next flush writes the whole text (the last one failed: what it stored is unknown). */
  rewrite = false;
  state: 'running' | EndState = 'running';
  /** Why it failed (`generations.error`). */
  failure = 'the model call failed';
  /** Its text is final: it finished or was stopped (stored, or about to be). */
  get complete(): boolean {
    return this.state === 'finished' || this.state === 'stopped';
  }
  usage: AnswerUsage = { inputTokens: null, outputTokens: null };
  /** The stored rows this generation writes to; set by the claim (`ChatEngine.claim`). */
  generationId = 0;
  answerId = 0;
  titleFor: StartRequest['titleFor'];
  readonly controller = new AbortController();
  /** Resolves once the final state is stored. */
  readonly stored: Promise<void>;
  markStored!: () => void;
  /** Resolves true once the send's rows are stored (claimed), false when the send was not stored. */
  readonly claimed: Promise<boolean>;
  settleClaim!: (claimed: boolean) => void;
  private waiters: Array<() => void> = [];
  /** Called at every change, for as long as they are subscribed (the HTTP writers of this process). */
  readonly listeners = new Set<() => void>();

  constructor() {
    this.stored = new Promise((resolve) => {
      this.markStored = resolve;
    });
    this.claimed = new Promise((resolve) => {
      this.settleClaim = resolve;
    });
  }

  append(delta: string): void {
    if (this.state !== 'running' || this.controller.signal.aborted) return;
    this.text += delta;
    this.wake();
  }

  wake(): void {
    for (const listener of this.listeners) listener();
    const waiters = this.waiters;
    if (waiters.length === 0) return;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves at the next change (more text, or the end). */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

/** What the model is asked: enough to start an answer before its rows are stored. */
export interface ModelRequest {
  system: string;
  messages: LanguageModelV3Message[];
}

/** The stored rows of an answer (its claim, inserted as running by this process). */
export interface Claim {
  generationId: number;
  answerId: number;
  /** When the chat still has no model-made title: the question, to name it after the answer. */
  titleFor?: { chatId: number; question: string };
}

export type StartRequest = ModelRequest & Claim;

export interface EngineDeps {
  db: Db;
  kind: 'pglite' | 'postgres';
  assistant: Assistant;
  logger: Logger;
}

const encoder = new TextEncoder();

/**
 * Ends a running generation that did not complete and gives its credits back; idempotent. A failed one's
 * answer becomes 'error'; an interrupted one (its process died) keeps the text it had saved, marked
 * interrupted ('error' when nothing was saved). Either way a retry of the send starts a new attempt.
 */
async function endUnfinished(
  db: Db,
  generationId: number,
  status: 'failed' | 'interrupted',
  reason: string,
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
  endUnfinished(db, generationId, 'failed', reason);

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
    if (await endUnfinished(db, Number(id), 'interrupted', 'the process running it stopped')) interrupted++;
  }
  return interrupted;
}

export function createChatEngine(deps: EngineDeps) {
  const { db, assistant, logger } = deps;
  /** Identifies this process in `generations.owner`. */
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const live = new Map<number, LiveGeneration>();
  const ending: LiveGeneration[] = [];
  /** Titles made by the model, by chat id, waiting for the next flush. */
  const titles = new Map<number, string>();
  let endTimer: NodeJS.Timeout | undefined;
  let lastHeartbeat = Date.now();
  let closed = false;

  const tick = setInterval(() => void flush(), FLUSH_MS);
  tick.unref();

  /** Responses with text waiting to be written: one timer writes them all every WRITE_INTERVAL_MS. */
  const pendingWrites = new Set<() => void>();
  const writeTick = setInterval(() => {
    if (pendingWrites.size === 0) return;
    const writes = [...pendingWrites];
    pendingWrites.clear();
    for (const write of writes) write();
  }, WRITE_INTERVAL_MS);
  writeTick.unref();

  /** Runs `work` one at a time: a call while it runs joins that run. Failures are logged, not thrown. */
  function oneAtATime(work: () => Promise<void>, failure: string): () => Promise<void> {
    let running: Promise<void> | undefined;
    return () => {
      running ??= work()
        .catch((error: unknown) => logger.error({ err: error }, failure))
        .finally(() => {
          running = undefined;
        });
      return running;
    };
  }

  /**
   * Every FLUSH_MS: the growing answers, the chats' new titles, the heartbeat and the stop requests.
   * Ends are written on their own (`flushEnds`): an answer's end waits for one statement, not for all
   * of this.
   */
  const flush = oneAtATime(async () => {
    await writeProgress();
    await writeTitles();
    await heartbeatAndStops();
    await sweepStale();
  }, 'chat generation flush failed');

  /** Every SWEEP_MS, answers left running by a process that died are interrupted, read or not. */
  let lastSweep = 0;
  async function sweepStale(): Promise<void> {
    const now = Date.now();
    if (now - lastSweep < SWEEP_MS) return;
    lastSweep = now;
    const count = await interruptStaleGenerations(db);
    if (count > 0) logger.warn({ count }, 'answers of a process that stopped were interrupted and refunded');
  }

  /** The answers that ended since the last end write, in one statement. */
  const flushEnds = oneAtATime(() => writeEnds(), 'chat generation end write failed');

  /**
   * Appends to each growing answer only what is new since the last flush (the whole text again after
   * a failed flush, whose effect is unknown), in one statement. An answer whose end is stored
   * meanwhile is left alone (`finished = false`), whichever statement reaches its row first.
   */
  async function writeProgress(): Promise<void> {
    const rows: SQL[] = [];
    const written: Array<[LiveGeneration, number]> = [];
    for (const gen of live.values()) {
      if (gen.state !== 'running' || gen.text.length === gen.persisted) continue;
      const whole = gen.rewrite;
      rows.push(
        sql`(${gen.answerId}::int, ${whole}::boolean, ${whole ? gen.text : gen.text.slice(gen.persisted)}::text)`,
      );
      written.push([gen, gen.text.length]);
    }
    if (rows.length === 0) return;
    try {
      await db.execute(
        sql`update messages set content = case when v.whole then v.text else messages.content || v.text end
            from (values ${sql.join(rows, sql`, `)}) as v(id, whole, text)
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
  async function writeEnds(): Promise<void> {
    if (ending.length === 0) return;
    const batch = ending.splice(0, ending.length);
    const done = batch.filter((gen) => gen.state !== 'failed');
    try {
      if (done.length > 0) {
        const rows = done.map(
          (g) =>
            sql`(${g.generationId}::int, ${g.state}::text, ${g.usage.inputTokens}::int, ${g.usage.outputTokens}::int, ${g.answerId}::int, ${g.text}::text)`,
        );
        // Only rows still running: a generation failed meanwhile (stale) keeps its state and text.
        await db.execute(
          sql`with v(id, status, input, output, answer_id, content) as (values ${sql.join(rows, sql`, `)}),
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

  async function heartbeatAndStops(): Promise<void> {
    if (live.size === 0) return;
    const now = Date.now();
    if (now - lastHeartbeat >= HEARTBEAT_MS) {
      lastHeartbeat = now;
      await db.execute(
        sql`update generations set heartbeat_at = now() where owner = ${owner} and status = 'running'`,
      );
    }
    // A stop may have reached another process (or app instance) than the one running the answer.
    {
      const asked = await queryRows<{ message_id: number }>(
        db,
        sql`select message_id from generations where owner = ${owner} and status = 'running' and stop_requested`,
      );
      for (const row of asked) live.get(Number(row.message_id))?.controller.abort(new StopRequested());
    }
  }

  function scheduleEndFlush(): void {
    if (endTimer) return;
    endTimer = setTimeout(() => {
      endTimer = undefined;
      void flushEnds().then(() => {
        if (ending.length > 0) scheduleEndFlush();
      });
    }, END_FLUSH_MS);
  }

  async function run(gen: LiveGeneration, request: ModelRequest): Promise<void> {
    const signal = gen.controller.signal;
    try {
      gen.usage = await assistant.answer({
        system: request.system,
        messages: request.messages,
        signal,
        onDelta: (delta) => gen.append(delta),
      });
      gen.state = 'finished';
    } catch (error) {
      if (signal.reason instanceof StopRequested) {
        gen.state = 'stopped';
      } else {
        gen.state = 'failed';
        gen.failure = failureReason(error);
        if (!(signal.reason instanceof ShuttingDown || signal.reason instanceof NotStored)) {
          logger.warn({ err: error, generationId: gen.generationId }, 'answer generation failed');
        }
      }
    }
    // An answer can only be stored once its rows exist (a model faster than the send's insert waits).
    if (!(await gen.claimed)) return;
    ending.push(gen);
    gen.wake();
    scheduleEndFlush();
    await gen.stored;
    if (gen.state === 'finished' && gen.titleFor) {
      await nameChat(gen.titleFor.chatId, gen.titleFor.question, gen.text);
    }
  }

  function begin(request: ModelRequest): LiveGeneration {
    const gen = new LiveGeneration();
    if (closed) gen.controller.abort(new ShuttingDown());
    void run(gen, request);
    return gen;
  }

  function claim(gen: LiveGeneration, rows: Claim): LiveGeneration {
    gen.generationId = rows.generationId;
    gen.answerId = rows.answerId;
    gen.titleFor = rows.titleFor;
    live.set(gen.answerId, gen);
    gen.settleClaim(true);
    return gen;
  }

  async function nameChat(chatId: number, question: string, answer: string): Promise<void> {
    try {
      const title = await assistant.title(question, answer, AbortSignal.timeout(20_000));
      if (title) titles.set(chatId, title);
    } catch (error) {
      logger.warn({ err: error, chatId }, 'chat title generation failed; the first words stay');
    }
  }

  /** The model-made titles of the last FLUSH_MS, in one statement (new chats come in bursts too). */
  async function writeTitles(): Promise<void> {
    if (titles.size === 0) return;
    const batch = [...titles];
    titles.clear();
    const rows = batch.map(([chatId, title]) => sql`(${chatId}::int, ${title}::text)`);
    try {
      await db.execute(
        sql`update chats set title = v.title, title_generated = true
            from (values ${sql.join(rows, sql`, `)}) as v(id, title)
            where chats.id = v.id and chats.title_generated = false`,
      );
    } catch (error) {
      for (const [chatId, title] of batch) if (!titles.has(chatId)) titles.set(chatId, title);
      throw error;
    }
  }

  return {
    owner,

    /**
     * Asks the model for an answer before the send's rows are stored, so that the model's time to
     * its first token overlaps the insert. `claim` then ties it to the stored rows, or `cancel`
     * drops it (nothing of it is ever stored). Its text accumulates in memory meanwhile.
     */
    begin,

    /** Ties a begun generation to the rows this process inserted as running (its claim). */
    claim,

    /** Drops a begun generation whose send was not stored: the model call is aborted. */
    cancel(gen: LiveGeneration): void {
      gen.controller.abort(new NotStored());
      gen.settleClaim(false);
    },

    /** Starts a generation whose rows this process inserted as running (its claim). */
    start(request: StartRequest): LiveGeneration {
      return claim(begin(request), request);
    },

    live(answerId: number): LiveGeneration | undefined {
      return live.get(answerId);
    },

    /** Asks a generation of this process to stop; false when it does not run here. */
    stopLocal(answerId: number): LiveGeneration | undefined {
      const gen = live.get(answerId);
      if (gen && gen.state === 'running') gen.controller.abort(new StopRequested());
      return gen;
    },

    /**
     * A text body that follows a generation of this process from its first character. On failure,
     * `cut` ends the connection without ending the body (the client sees an error and retries); without
     * it the stream errors.
     */
    liveBody(gen: LiveGeneration, cut?: () => boolean): ReadableStream<Uint8Array> {
      let sent = 0;
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            for (;;) {
              // Whatever accumulated since the last read goes out as one chunk (writes coalesce under load).
              if (gen.text.length > sent) {
                controller.enqueue(encoder.encode(gen.text.slice(sent)));
                sent = gen.text.length;
                return;
              }
              if (gen.complete) return controller.close();
              if (gen.state === 'failed') {
                await gen.stored;
                if (!cut?.()) controller.error(new Error('the answer failed'));
                else controller.close();
                return;
              }
              await gen.changed();
            }
          },
        },
        { highWaterMark: 0 },
      );
    },

    /**
     * Writes a generation of this process straight to a Node response (no web streams on the hot path):
     * the first text at once, then whatever accumulated every WRITE_INTERVAL_MS, respecting the
     * socket's backpressure. The body ends with the text; a failed answer cuts the connection instead,
     * once its refund is stored (the client sees an error and retries). A client that goes away only
     * unsubscribes: the generation goes on.
     */
    pipe(gen: LiveGeneration, out: ServerResponse): void {
      let sent = 0;
      let first = true;
      let draining = false;
      let ending = false;
      const detach = () => {
        gen.listeners.delete(onChange);
        pendingWrites.delete(write);
      };
      const write = () => {
        if (out.destroyed || draining) return;
        if (gen.text.length > sent) {
          const ok = out.write(gen.text.slice(sent));
          sent = gen.text.length;
          first = false;
          if (!ok) {
            draining = true;
            out.once('drain', () => {
              draining = false;
              write();
            });
            return;
          }
        }
        if (gen.complete) {
          detach();
          out.end();
        } else if (gen.state === 'failed' && !ending) {
          ending = true;
          void gen.stored.then(() => {
            detach();
            out.destroy();
          });
        }
      };
      function onChange() {
        if (first || gen.state !== 'running') write();
        else pendingWrites.add(write);
      }
      out.once('close', detach);
      gen.listeners.add(onChange);
      onChange();
    },

    /** Waits for running answers (up to SHUTDOWN_WAIT_MS), fails the rest (refunded), stores everything. */
    async close(): Promise<void> {
      closed = true;
      const deadline = Date.now() + SHUTDOWN_WAIT_MS;
      while (live.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      for (const gen of live.values()) gen.controller.abort(new ShuttingDown());
      const waits = [...live.values()].map((gen) => gen.stored);
      await Promise.race([Promise.all(waits), new Promise((r) => setTimeout(r, 2_000))]);
      clearInterval(tick);
      clearInterval(writeTick);
      if (endTimer) clearTimeout(endTimer);
      await flush();
      // Joins an end write under way; ends queued behind it get their own (bounded: the database may be down).
      await flushEnds();
      for (let round = 0; round < 2 && ending.length > 0; round++) await flushEnds();
      await assistant.close();
    },
  };
}

export type ChatEngine = ReturnType<typeof createChatEngine>;
