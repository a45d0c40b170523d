import type { AnswerUsage } from '../../../ai/assistant.ts';

/** Why a generation's model call was aborted: the user stopped it. */
export class StopRequested extends Error {}
/** The process is shutting down: what is still running fails (and is refunded). */
export class ShuttingDown extends Error {}

type EndState = 'finished' | 'stopped' | 'failed';

/** The stored rows of an answer (its claim, inserted as running by this process). */
export interface Claim {
  generationId: number;
  answerId: number;
  /** When the chat still has no model-made title: the question, to name it after the answer. */
  titleFor?: { chatId: number; question: string };
}

/**
 * An answer being generated in this process (architecture.md §4): the model's text accumulates here,
 * readers in this process stream it from here, and the engine's flusher stores it.
 */
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
  /** The stored rows this generation writes to (its claim, `ChatEngine.start`). */
  generationId = 0;
  answerId = 0;
  titleFor: Claim['titleFor'];
  readonly controller = new AbortController();
  /** Resolves once the final state is stored. */
  readonly stored: Promise<void>;
  markStored!: () => void;
  private waiters: Array<() => void> = [];
  /** Called at every change, for as long as they are subscribed (the HTTP writers of this process). */
  readonly listeners = new Set<() => void>();

  constructor() {
    this.stored = new Promise((resolve) => {
      this.markStored = resolve;
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
