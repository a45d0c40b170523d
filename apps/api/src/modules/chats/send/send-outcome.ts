import type { AnswerKind } from '@rumbo/contract';
import type { Db } from '../../../db/client.ts';
import { answerProgress, waitFinished } from '../engine/answer-queries.ts';
import type { LiveGeneration } from '../engine/live-generation.ts';
import type { ChatRow, MessageRow } from '../rows.ts';

/** An answer's text and state as a reader in another process follows it (through the database). */
export interface AnswerProgress {
  content: string;
  finished: boolean;
  interrupted: boolean;
}

/**
 * Where the answer's text comes from: the generation in this process, a fixed text, or the database
 * (another process generates it). The routes turn it into a body (answer-body.ts).
 */
export type AnswerSource =
  | { live: LiveGeneration }
  | { text: string }
  | { poll: () => Promise<AnswerProgress | undefined> };

/** A send's outcome: the stored question and answer, and where the answer's text comes from. */
export interface SendOutcome {
  chat: ChatRow;
  message: MessageRow;
  answer: MessageRow;
  kind: AnswerKind;
  /** True when this was a retry of an earlier send (nothing new was stored or charged). */
  replayed: boolean;
  source: AnswerSource;
  /** Resolves when the answer is complete, stopped or failed. */
  done(): Promise<void>;
}

/** What a send's outcome is made of; `from` says where the answer's text comes from. */
export interface OutcomeParts {
  chat: ChatRow;
  message: MessageRow;
  answer: MessageRow;
  kind: AnswerKind;
  replayed: boolean;
  /** `poll`: from the database, another process generates it. */
  from: { live: LiveGeneration } | { text: string } | { poll: true };
}

export function sendOutcome(db: Db, parts: OutcomeParts): SendOutcome {
  const { chat, message, answer, kind, replayed, from } = parts;
  const source: AnswerSource = 'poll' in from ? { poll: () => answerProgress(db, answer.id) } : from;
  return {
    chat,
    message,
    answer,
    kind,
    replayed,
    source,
    done: async () => {
      if ('live' in from) await from.live.stored;
      else if ('poll' in from) await waitFinished(db, answer.id, 10 * 60_000);
    },
  };
}
