import type { ReportSectionKey, ResearchMode } from '@rumbo/contract';
import {
  createProcessLauncher,
  type NicedProcess,
  ProcessEnded,
} from '../../../lib/child-processes/niced-process.ts';
import type { CheckedSource, RawClaim } from './check-claims.ts';
import type { CheckedSection, GroundingAnswers, GroundingReply, GroundingTask } from './grounding-tasks.ts';
import type { SourceText } from './support.ts';

const MB = 1024 * 1024;

/**
 * What the grounding process may cost (ADR 0025). A task is CPU work of milliseconds to a few hundred on a
 * busy machine; the limits are for what goes wrong (a page that makes the HTML reader loop, a crash).
 */
export interface GroundingLimits {
  /** Processes that work tasks at once (each takes a core): the rest wait their turn. */
  processes: number;
  /** One task's time in its process, past which the process is killed and the task fails. */
  timeoutMs: number;
  /** A process's V8 heap. */
  heapMb: number;
  /** A process that holds more than this after a task is replaced. */
  recycleMb: number;
  /**
   * Characters of text in one task: more is refused without being sent. Above what a run can ask: a page
   * of 2 MB to read, or a check against every source a run can store (8 questions × 11 pages × 20,000).
   */
  taskMaxChars: number;
}

export const GROUNDING_LIMITS: GroundingLimits = {
  processes: 1,
  timeoutMs: 30_000,
  heapMb: 512,
  recycleMb: 384,
  taskMaxChars: 4_000_000,
};

/** A task the grounding process did not answer: too large, out of time, or its process ended twice. */
export class GroundingFailed extends Error {
  override name = 'GroundingFailed';
}

type GroundingChild = NicedProcess<GroundingTask, GroundingReply>;
type TaskOf<Op extends GroundingTask['op']> = Extract<GroundingTask, { op: Op }>;

/** The characters of text in a task (every string in it). */
function charsIn(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + charsIn(item), 0);
  if (value && typeof value === 'object') return charsIn(Object.values(value));
  return 0;
}

/**
 * The research pipeline's CPU work (page extraction, passage ranking, the check of findings and claims,
 * the language check), done in a child process of lower priority than the server (ADR 0025), so that
 * research runs never hold up the chats' streams on the server's thread. Each call sends plain data and
 * waits for the answer.
 */
export interface Grounding {
  /** The readable title and text of a fetched page (web/extract.ts). */
  readable(raw: string, plain: boolean): Promise<{ title: string; text: string }>;
  /** What the model reads of a page for a question (passages.ts). */
  passagesFor(text: string, question: string): Promise<string>;
  /** How many findings a cited source supports (support.ts); `sources` holds those they cite. */
  supported(findings: Array<{ text: string; sources: number[] }>, sources: SourceText[]): Promise<number>;
  /** Whether each text reads as Spanish (language.ts). */
  spanish(texts: string[]): Promise<boolean[]>;
  /** A section's claims: those not Spanish listed, the rest checked against the sources (check-claims.ts). */
  checkSection(input: {
    claims: RawClaim[];
    sources: CheckedSource[];
    mode: ResearchMode;
    key: ReportSectionKey;
    advice: string;
  }): Promise<CheckedSection>;
  /** The process id of the process that answers (tests). */
  pid(): Promise<number>;
  /** The process ids of its processes alive now. */
  pids(): number[];
  /** Ends its processes and their launcher (tests; idle, they never hold the server open, and end with it). */
  close(): Promise<void>;
}

/**
 * The grounding processes: `processes` children of a launcher started at once (lib/child-processes, as
 * the document readers'), each working one task at a time while the others wait in order. A process is
 * started at the first task and kept. One that ends while it works (a crash, out of heap) is replaced and
 * the task given once more to the new one; one that takes longer than `timeoutMs` is killed and its task
 * fails. Either way a replacement starts at once, and a caller never waits on a process that is gone.
 */
export function createGrounding(limits: Partial<GroundingLimits> = {}): Grounding {
  const { processes, timeoutMs, heapMb, recycleMb, taskMaxChars } = { ...GROUNDING_LIMITS, ...limits };
  const launcher = createProcessLauncher<GroundingTask, GroundingReply>(
    'modules/research/grounding/grounding-child.ts',
  );

  // Each slot's process, started or starting; a start that fails leaves the slot empty.
  const slots: Array<Promise<GroundingChild | undefined> | undefined> = Array.from({ length: processes });
  const alive = new Set<GroundingChild>();
  const startIn = (slot: number) => {
    const started = launcher.start(heapMb).then((child) => {
      alive.add(child);
      void child.ended.then(() => alive.delete(child));
      return child;
    });
    slots[slot] = started.catch(() => undefined);
    return started;
  };
  const processIn = async (slot: number): Promise<GroundingChild> => {
    const kept = await slots[slot];
    if (kept?.running) return kept;
    try {
      return await startIn(slot);
    } catch (error) {
      slots[slot] = undefined;
      throw new GroundingFailed(`the grounding process did not start: ${(error as Error).message}`);
    }
  };
  const replace = (slot: number, child: GroundingChild) => {
    child.kill();
    void startIn(slot).catch(() => {});
  };

  // Free slots, and the callers waiting for one, in order.
  const free = Array.from({ length: processes }, (_, slot) => slot);
  const queue: Array<(slot: number) => void> = [];
  const acquire = () => {
    const slot = free.shift();
    if (slot !== undefined) return Promise.resolve(slot);
    return new Promise<number>((resolve) => queue.push(resolve));
  };
  const release = (slot: number) => {
    const next = queue.shift();
    if (next) next(slot);
    else free.push(slot);
  };

  const work = async (slot: number, task: GroundingTask): Promise<GroundingReply> => {
    for (let attempt = 1; ; attempt++) {
      const child = await processIn(slot);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill();
      }, timeoutMs);
      try {
        const reply = await child.run(task);
        if (child.rss() > recycleMb * MB) replace(slot, child);
        return reply;
      } catch (error) {
        if (!(error instanceof ProcessEnded)) {
          replace(slot, child);
          throw error;
        }
        void startIn(slot).catch(() => {});
        if (timedOut) throw new GroundingFailed(`the grounding task took longer than ${timeoutMs} ms`);
        if (attempt >= 2) throw new GroundingFailed(`the grounding process ended twice: ${error.message}`);
      } finally {
        clearTimeout(timer);
      }
    }
  };

  const call = async <Op extends GroundingTask['op']>(task: TaskOf<Op>): Promise<GroundingAnswers[Op]> => {
    const chars = charsIn(task);
    if (chars > taskMaxChars)
      throw new GroundingFailed(`a grounding task of ${chars} characters (at most ${taskMaxChars})`);
    const slot = await acquire();
    let reply: GroundingReply;
    try {
      reply = await work(slot, task);
    } finally {
      release(slot);
    }
    if ('error' in reply) throw new Error(reply.error);
    return reply.value as GroundingAnswers[Op];
  };

  return {
    readable: (raw, plain) => call({ op: 'readable', raw, plain }),
    passagesFor: (text, question) => call({ op: 'passages', text, question }),
    supported: (findings, sources) => call({ op: 'supported', findings, sources }),
    spanish: (texts) => call({ op: 'spanish', texts }),
    checkSection: (input) => call({ op: 'check', ...input }),
    pid: () => call({ op: 'pid' }),
    pids: () => [...alive].map((child) => child.pid),
    close: () => launcher.close(),
  };
}

/** The server's grounding processes; their launcher starts with the server, while it is still small. */
export const grounding = createGrounding();
