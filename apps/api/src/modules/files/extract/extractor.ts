import {
  createProcessLauncher,
  type NicedProcess,
  ProcessEnded,
} from '../../../lib/child-processes/niced-process.ts';
import {
  EXTRACTION_HEAP_MB,
  EXTRACTION_MEMORY_MB,
  EXTRACTION_RECYCLE_MB,
  EXTRACTION_SERVER_MEMORY_MB,
  EXTRACTION_TIMEOUT_MS,
  EXTRACTIONS_AT_ONCE,
  EXTRACTIONS_PER_PROCESS,
  EXTRACTIONS_WAITING,
} from './limits.ts';
import type { ExtractResult, ExtractTask } from './read-document.ts';

export type { ExtractTask };

/** A reading process: extract-child.ts, started through the process launcher (lib/child-processes). */
type ReaderProcess = NicedProcess<ExtractTask, ExtractResult>;

const MB = 1024 * 1024;
/** How often the memory of the server and of its reading processes is read while documents are read. */
const WATCH_MS = 50;

/**
 * A document's text, or why it was refused: 'unreadable' (damaged, encrypted, not what it says),
 * 'too-large' (unpacks past the limits: zip sizes, or its reading process's memory), 'too-complex'
 * (out of time or heap), 'busy' (too many documents being read already), 'no-memory' (the server,
 * its reading processes included, is above its memory cap: nothing more is read until it is not).
 */
export type ExtractOutcome = ExtractResult | { refused: 'too-complex' | 'busy' | 'no-memory' };

export interface TextExtractor {
  extract(task: ExtractTask): Promise<ExtractOutcome>;
  /** The process ids of its reading processes alive now: reading, or waiting for the next document. */
  readerPids(): number[];
  /** Ends the reading processes and their launcher (tests; idle, they never hold the server open, and end with it). */
  close(): Promise<void>;
}

export interface ExtractorLimits {
  timeoutMs: number;
  heapMb: number;
  /** A reading process's resident memory. */
  memoryMb: number;
  /** What the server's resident memory, its reading processes' included, may add to its idle figure. */
  serverMemoryMb: number;
  /** A reading process that holds more than this after a reading is replaced. */
  recycleMb: number;
  /** Documents a reading process reads before it is replaced. */
  readingsPerProcess: number;
  atOnce: number;
  waiting: number;
}

/** A reading under way: its process, and the refusal it was stopped with, once it is. */
interface Reading {
  reader: ReaderProcess;
  stopped?: 'too-large' | 'too-complex';
}

/**
 * Reads documents in processes of their own (extract-child.ts, started by a small launcher process
 * that starts at once), at most `atOnce` at a time so that a burst of uploads leaves cores for everything
 * else; up to `waiting` more wait and the rest are refused at once. Each reading has a time limit, a heap
 * limit and a resident-memory cap on its process, and the server as a whole a cap over its idle memory;
 * past any of them the process is killed. A process that refused a document past a limit, grew large or
 * read many is replaced, so no reading's memory outlives it. One process is kept started between
 * readings (ADR 0024).
 */
export function createTextExtractor(limits: Partial<ExtractorLimits> = {}): TextExtractor {
  const settings: ExtractorLimits = {
    timeoutMs: EXTRACTION_TIMEOUT_MS,
    heapMb: EXTRACTION_HEAP_MB,
    memoryMb: EXTRACTION_MEMORY_MB,
    serverMemoryMb: EXTRACTION_SERVER_MEMORY_MB,
    recycleMb: EXTRACTION_RECYCLE_MB,
    readingsPerProcess: EXTRACTIONS_PER_PROCESS,
    atOnce: EXTRACTIONS_AT_ONCE,
    waiting: EXTRACTIONS_WAITING,
    ...limits,
  };
  const { timeoutMs, heapMb, memoryMb, serverMemoryMb, recycleMb, readingsPerProcess, atOnce, waiting } =
    settings;
  const launcher = createProcessLauncher<ExtractTask, ExtractResult>(
    'modules/files/extract/extract-child.ts',
  );
  const start = () => launcher.start(heapMb);

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

  // The process kept started for the next document, and every process alive.
  let spare: Promise<ReaderProcess | undefined> | undefined;
  const alive = new Set<ReaderProcess>();
  const track = (reader: ReaderProcess) => {
    alive.add(reader);
    void reader.ended.then(() => alive.delete(reader));
    return reader;
  };
  const startSpare = () => {
    // A spare that fails to start is no spare: the next reading starts its own, and reports the fault.
    spare ??= start()
      .then(track)
      .catch(() => undefined);
  };
  const takeReader = async (): Promise<ReaderProcess> => {
    const kept = spare;
    spare = undefined;
    const ready = await kept;
    // The kept process may have ended meanwhile.
    if (ready?.running) return ready;
    return track(await start());
  };
  /**
   * Keeps a reader for the next document when it stayed small and its document was read, or found
   * damaged (the reader gave up on its own); one that refused a document past a limit is killed.
   */
  const putBack = (reader: ReaderProcess, outcome: ExtractOutcome) => {
    const reusable =
      ('text' in outcome || outcome.refused === 'unreadable') &&
      reader.tasks < readingsPerProcess &&
      !(reader.rss() > recycleMb * MB) &&
      spare === undefined;
    if (reusable) spare = Promise.resolve(reader);
    else {
      reader.kill();
      startSpare();
    }
  };

  // The server's resident memory when nothing is being read: the lowest seen so far (first read when
  // the first document comes, after the server has started). The memory cap is taken against it, not
  // against the memory at the start of a reading, so readings cannot ratchet it up.
  let idleRss = Number.POSITIVE_INFINITY;
  const serverRss = () =>
    process.memoryUsage.rss() +
    (launcher.rss() || 0) +
    [...alive].reduce((sum, reader) => sum + (reader.rss() || 0), 0);
  const overCap = () => serverRss() > idleRss + serverMemoryMb * MB;

  const readings = new Set<Reading>();
  const stop = (reading: Reading, why: 'too-large' | 'too-complex') => {
    reading.stopped ??= why;
    reading.reader.kill();
  };
  let watch: NodeJS.Timeout | undefined;
  const checkMemory = () => {
    for (const reading of readings) if (reading.reader.rss() > memoryMb * MB) stop(reading, 'too-large');
    if (!overCap()) return;
    // The largest reading goes first; the next check sees whether that was enough.
    const largest = [...readings]
      .filter((reading) => !reading.stopped)
      .sort((a, b) => (b.reader.rss() || 0) - (a.reader.rss() || 0))[0];
    if (largest) stop(largest, 'too-large');
  };

  const read = async (task: ExtractTask): Promise<ExtractOutcome> => {
    if (readings.size === 0) idleRss = Math.min(idleRss, process.memoryUsage.rss());
    if (overCap()) return { refused: 'no-memory' };
    const reading: Reading = { reader: await takeReader() };
    readings.add(reading);
    watch ??= setInterval(checkMemory, WATCH_MS).unref();
    const timer = setTimeout(() => stop(reading, 'too-complex'), timeoutMs);
    let outcome: ExtractOutcome;
    try {
      outcome = await reading.reader.run(task);
    } catch (error) {
      // Killed by a limit, or out of heap (the process died). Anything else is a fault of ours, and the
      // process goes with it.
      if (!(error instanceof ProcessEnded)) {
        reading.reader.kill();
        throw error;
      }
      outcome = { refused: reading.stopped ?? 'too-complex' };
    } finally {
      clearTimeout(timer);
      readings.delete(reading);
      if (readings.size === 0) {
        clearInterval(watch);
        watch = undefined;
      }
    }
    putBack(reading.reader, outcome);
    return outcome;
  };

  return {
    async extract(task) {
      if (!(await acquire())) return { refused: 'busy' };
      try {
        return await read(task);
      } finally {
        release();
      }
    },
    readerPids: () => [...alive].map((reader) => reader.pid),
    close: () => launcher.close(),
  };
}
