import { Piscina } from 'piscina';
import { deadline } from '../../../lib/deadline.ts';
import type { ExtractResult, ExtractTask } from './extract-worker.ts';
import {
  EXTRACTION_HEAP_MB,
  EXTRACTION_MEMORY_MB,
  EXTRACTION_TIMEOUT_MS,
  EXTRACTIONS_AT_ONCE,
  EXTRACTIONS_WAITING,
} from './limits.ts';

export type { ExtractTask };

const MB = 1024 * 1024;
/** Why the memory watch stopped a reading. */
const OUT_OF_MEMORY = new Error('the readings under way took too much memory');

/**
 * A document's text, or why it was refused: 'unreadable' (damaged, encrypted, not what it says),
 * 'too-large' (unpacks past the limits: zip sizes, or the memory watch), 'too-complex' (out of time
 * or heap), 'busy' (too many documents being read already).
 */
export type ExtractOutcome = ExtractResult | { refused: 'too-complex' | 'busy' };

export interface TextExtractor {
  extract(task: ExtractTask): Promise<ExtractOutcome>;
  /** Ends the threads (tests; the server's idle threads end on their own and never hold it open). */
  close(): Promise<void>;
}

export interface ExtractorLimits {
  timeoutMs: number;
  heapMb: number;
  memoryMb: number;
  atOnce: number;
  waiting: number;
}

/**
 * Reads documents in worker threads, with a wall-clock limit (the thread is ended), a heap limit and
 * a memory watch, at most `atOnce` at a time so that a burst of uploads leaves cores for everything
 * else; up to `waiting` more wait for a thread and the rest are refused at once.
 */
export function createTextExtractor(limits: Partial<ExtractorLimits> = {}): TextExtractor {
  const { timeoutMs, heapMb, memoryMb, atOnce, waiting } = {
    timeoutMs: EXTRACTION_TIMEOUT_MS,
    heapMb: EXTRACTION_HEAP_MB,
    memoryMb: EXTRACTION_MEMORY_MB,
    atOnce: EXTRACTIONS_AT_ONCE,
    waiting: EXTRACTIONS_WAITING,
    ...limits,
  };
  const pool = new Piscina<ExtractTask, ExtractResult>({
    filename: new URL('./extract-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: atOnce,
    // Waiting is counted below, so that a document's time limit starts when its reading does.
    maxQueue: atOnce,
    idleTimeout: 60_000,
    // Not the server's own flags (a worker needs none, and inspector or loader flags would misfire).
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
  });
  // A thread can run out of heap after its reading was given up (stopped by the memory watch or the
  // deadline while it was still inflating): no task is left to reject, so the pool emits 'error', and
  // an unheard 'error' would end the whole server. The thread is gone and the next reading gets a new one.
  pool.on('error', (error: { code?: string }) => {
    if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
  });

  let running = 0;
  const queue: Array<() => void> = [];
  const acquire = async (): Promise<boolean> => {
    if (running < atOnce) {
      running += 1;
      return true;
    }
    if (queue.length >= waiting) return false;
    // The slot is handed over by release(), so no newcomer can take it in between.
    await new Promise<void>((resolve) => queue.push(resolve));
    return true;
  };
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  // A thread's heap limit does not cover the buffers a reader inflates into (a PDF's Flate streams
  // are kept whole: 1 MB can become 2 GB in ten seconds), so the process's resident memory is watched
  // while documents are read: past `memoryMb` per reading above where it stood, they are all stopped.
  const readings = new Set<AbortController>();
  let baseline = 0;
  let watch: NodeJS.Timeout | undefined;
  const checkMemory = () => {
    if (process.memoryUsage.rss() - baseline <= memoryMb * MB * readings.size) return;
    for (const reading of readings) reading.abort(OUT_OF_MEMORY);
  };
  const startReading = () => {
    if (readings.size === 0) {
      baseline = process.memoryUsage.rss();
      watch = setInterval(checkMemory, 100).unref();
    }
    const reading = new AbortController();
    readings.add(reading);
    return reading;
  };
  const endReading = (reading: AbortController) => {
    readings.delete(reading);
    if (readings.size === 0) clearInterval(watch);
  };

  return {
    async extract(task) {
      if (!(await acquire())) return { refused: 'busy' };
      const reading = startReading();
      // Not AbortSignal.any with AbortSignal.timeout: on Node 20 that timeout stops firing after a GC.
      const limit = deadline(reading.signal, timeoutMs);
      try {
        return await pool.run(task, { signal: limit.signal });
      } catch (error) {
        // Stopped (the pool ends that thread) or out of heap (the thread died): a new thread takes the
        // next document. Anything else is a fault of ours and goes up.
        if ((error as Error).name === 'AbortError') {
          return { refused: (error as Error).cause === OUT_OF_MEMORY ? 'too-large' : 'too-complex' };
        }
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
          return { refused: 'too-complex' };
        throw error;
      } finally {
        limit.clear();
        endReading(reading);
        release();
      }
    },
    close: () => pool.destroy(),
  };
}
