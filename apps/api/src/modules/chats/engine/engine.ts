import { setTimeout as sleep } from 'node:timers/promises';
import type { Assistant } from '../../../ai/assistant.ts';
import { failureReason } from '../../../ai/call-failure.ts';
import type { Db } from '../../../db/client.ts';
import { answers, answerTimeToFirstToken } from '../../../lib/metrics.ts';
import type { Logger } from '../../../logger.ts';
import { createGenerationStore, type GenerationStore, writeBatch, writeEnds } from './generation-store.ts';
import { type Claim, LiveGeneration, ShuttingDown, StopRequested } from './live-generation.ts';
import type { ModelRequest } from './model-context.ts';
import { startWriteTick, type WriteTick } from './write-tick.ts';

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
 *
 * The state of an answer is live-generation.ts, what is written to the database generation-store.ts,
 * and how it reaches a response answer-body.ts (the routes' side); this file runs them on their timers.
 */

export const FLUSH_MS = 500;
const END_FLUSH_MS = 50;
const SHUTDOWN_WAIT_MS = 10_000;

export type StartRequest = ModelRequest & Claim;

export interface EngineDeps {
  db: Db;
  assistant: Assistant;
  logger: Logger;
}

/** The engine's state: what it has to store, and the timers that store it. */
interface Engine {
  store: GenerationStore;
  assistant: Assistant;
  logger: Logger;
  /** Every FLUSH_MS (`writeBatch`), one run at a time. */
  flush: () => Promise<void>;
  /** The answers that ended since the last end write, in one statement, one run at a time. */
  flushEnds: () => Promise<void>;
  flushTimer: NodeJS.Timeout;
  endTimer: NodeJS.Timeout | undefined;
  writeTick: WriteTick;
  closed: boolean;
}

/** Runs `work` one at a time: a call while it runs joins that run. Failures are logged, not thrown. */
function oneAtATime(logger: Logger, work: () => Promise<void>, failure: string): () => Promise<void> {
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

function scheduleEndFlush(engine: Engine): void {
  if (engine.endTimer) return;
  engine.endTimer = setTimeout(() => {
    engine.endTimer = undefined;
    void engine.flushEnds().then(() => {
      if (engine.store.ending.length > 0) scheduleEndFlush(engine);
    });
  }, END_FLUSH_MS);
}

/**
 * The answer's text as it is stored: what `finish` removes (citations and addresses that are not the
 * report's sources) is counted in the logs. Readers that already streamed it keep what they got; the
 * chat renders those citations the same way (docs/decisions/0038).
 */
function finishText(engine: Engine, gen: LiveGeneration, finish: NonNullable<ModelRequest['finish']>): void {
  const { text, removed } = finish(gen.text);
  if (removed === 0) return;
  gen.text = text;
  engine.logger.info(
    { generationId: gen.generationId, removed },
    'answer: citations and addresses not in the report removed',
  );
}

async function runGeneration(engine: Engine, gen: LiveGeneration, request: ModelRequest): Promise<void> {
  const signal = gen.controller.signal;
  const started = performance.now();
  let firstToken: number | undefined;
  try {
    gen.usage = await engine.assistant.answer({
      system: request.system,
      messages: request.messages,
      signal,
      onDelta: (delta) => {
        firstToken ??= performance.now();
        gen.append(delta);
      },
    });
    if (request.finish) finishText(engine, gen, request.finish);
    gen.state = 'finished';
  } catch (error) {
    if (signal.reason instanceof StopRequested) {
      if (request.finish) finishText(engine, gen, request.finish);
      gen.state = 'stopped';
    } else {
      gen.state = 'failed';
      gen.failure = failureReason(error);
      if (!(signal.reason instanceof ShuttingDown)) {
        engine.logger.warn({ err: error, generationId: gen.generationId }, 'answer generation failed');
      }
    }
  }
  answers.inc({ outcome: gen.state });
  if (firstToken !== undefined)
    answerTimeToFirstToken.observe({ outcome: gen.state }, (firstToken - started) / 1000);
  engine.store.ending.push(gen);
  gen.wake();
  scheduleEndFlush(engine);
  await gen.stored;
  if (gen.state === 'finished' && gen.titleFor) {
    await nameChat(engine, { ...gen.titleFor, answer: gen.text });
  }
}

async function nameChat(
  engine: Engine,
  { chatId, question, answer }: { chatId: number; question: string; answer: string },
): Promise<void> {
  try {
    const title = await engine.assistant.title(question, answer, AbortSignal.timeout(20_000));
    if (title) engine.store.titles.set(chatId, title);
  } catch (error) {
    engine.logger.warn({ err: error, chatId }, 'chat title generation failed; the first words stay');
  }
}

function startGeneration(engine: Engine, request: StartRequest): LiveGeneration {
  const gen = new LiveGeneration();
  gen.generationId = request.generationId;
  gen.answerId = request.answerId;
  gen.titleFor = request.titleFor;
  engine.store.live.set(gen.answerId, gen);
  if (engine.closed) gen.controller.abort(new ShuttingDown());
  void runGeneration(engine, gen, request);
  return gen;
}

/** Waits for running answers (up to SHUTDOWN_WAIT_MS), fails the rest (refunded), stores everything. */
async function closeEngine(engine: Engine): Promise<void> {
  const { live, ending } = engine.store;
  engine.closed = true;
  const deadline = Date.now() + SHUTDOWN_WAIT_MS;
  while (live.size > 0 && Date.now() < deadline) await sleep(50);
  for (const gen of live.values()) gen.controller.abort(new ShuttingDown());
  const waits = [...live.values()].map((gen) => gen.stored);
  await Promise.race([Promise.all(waits), sleep(2_000)]);
  clearInterval(engine.flushTimer);
  engine.writeTick.stop();
  if (engine.endTimer) clearTimeout(engine.endTimer);
  await engine.flush();
  // Joins an end write under way; ends queued behind it get their own (bounded: the database may be down).
  await engine.flushEnds();
  for (let round = 0; round < 2 && ending.length > 0; round++) await engine.flushEnds();
  await engine.assistant.close();
}

export function createChatEngine(deps: EngineDeps) {
  const { db, assistant, logger } = deps;
  const store = createGenerationStore(db, logger);
  const flush = oneAtATime(logger, () => writeBatch(store), 'chat generation flush failed');
  const engine: Engine = {
    store,
    assistant,
    logger,
    flush,
    flushEnds: oneAtATime(logger, () => writeEnds(store), 'chat generation end write failed'),
    flushTimer: setInterval(() => void flush(), FLUSH_MS),
    endTimer: undefined,
    writeTick: startWriteTick(),
    closed: false,
  };
  engine.flushTimer.unref();

  return {
    owner: store.owner,

    /** Paces the writes of the responses that follow this engine's answers (answer-body.ts). */
    writeTick: engine.writeTick,

    /**
     * Starts a generation whose rows this process inserted as running (its claim). The model is only
     * asked here, after the send was stored and charged: an answer nobody can pay for never costs a
     * model request (docs/decisions/0028).
     */
    start: (request: StartRequest): LiveGeneration => startGeneration(engine, request),

    live(answerId: number): LiveGeneration | undefined {
      return store.live.get(answerId);
    },

    /** Asks a generation of this process to stop; false when it does not run here. */
    stopLocal(answerId: number): LiveGeneration | undefined {
      const gen = store.live.get(answerId);
      if (gen && gen.state === 'running') gen.controller.abort(new StopRequested());
      return gen;
    },

    close: (): Promise<void> => closeEngine(engine),
  };
}

export type ChatEngine = ReturnType<typeof createChatEngine>;
