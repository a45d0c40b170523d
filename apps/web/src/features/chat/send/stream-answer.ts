import { FAILED_ANSWER_CONTENT, MAX_SEND_ATTEMPTS, PRODUCT_EVENTS } from '@rumbo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics/client.ts';
import type { StreamError, StreamRequest } from '../api/chats.ts';
import type { ChatThread } from '../hooks/use-chat-thread.ts';
import type { ChatMessageView } from '../messages.ts';
import { LastingFailure, sendWithRetries } from './send-with-retries.ts';

/** product.md §9: an answer is marked finished 1.5 s after its stream ends. */
export const FINISH_DELAY_MS = 1500;

/** The send whose answer is streaming here now; stop and leaving the thread abort it. */
export interface ActiveSend {
  controller: AbortController;
  businessId: number;
  chatId: number;
  questionId: number | null;
  answerId: number | null;
  /**
   * Set when the user stopped before the server named the question (an edit's question is new): the
   * stream stays open until the server names it, and this stops the answer there.
   */
  stopWhenNamed?: (id: number) => void;
}

/**
 * What sending, answering again and stopping need from the screen. Plain data and callbacks, so that
 * those use cases are functions of their own rather than closures inside the hook.
 */
export interface SendContext {
  businessId: number;
  planId: number;
  /** As the API sends it: null means unlimited. */
  credits: number | null;
  productName: string;
  queryClient: QueryClient;
  thread: Pick<ChatThread, 'update' | 'append' | 'setMessages' | 'adopt' | 'readAgain'>;
  active: { current: ActiveSend | null };
  /** How to send again an answer that failed before the server named it (its question's send). */
  resends: Map<string, () => Promise<unknown>>;
  /** Local URLs of the files sent from here, freed when the thread is left. */
  objectUrls: string[];
  refreshCredits: () => void;
  /** A new thread's first answer is complete: the model names the thread next. */
  onFirstAnswer: () => void;
  /** A refused send's explanation (a file the server would not take). */
  onNotice: (notice: string) => void;
}

export type StreamOutcome = 'done' | 'aborted' | 'failed' | StreamError;

/** One attempt at the answer's stream, given what to do with its start and its text. */
export type StreamAttempt = (handlers: Pick<StreamRequest, 'onStart' | 'onText'>) => Promise<void>;

/**
 * Streams an answer into the message `answerKey` with the retry policy (send-with-retries.ts): each
 * attempt starts the text again (the server sends its full text), progress shows while retrying, and
 * a failure for good ends with the spec's error text and 'Reintentar'.
 */
export async function streamAnswer(
  ctx: SendContext,
  answerKey: string,
  sending: ActiveSend,
  attempt: StreamAttempt,
): Promise<StreamOutcome> {
  const { thread } = ctx;
  let firstChunk = true;
  const outcome = await sendWithRetries(
    async () => {
      let lasting = false;
      thread.update(answerKey, { content: '' });
      await attempt({
        onStart: (start) => {
          sending.questionId = start.messageId ?? sending.questionId;
          sending.answerId = start.answerId ?? sending.answerId;
          lasting = start.kind === 'error';
          thread.update(answerKey, {
            id: start.answerId,
            exhausted: start.kind === 'credits_exhausted',
            retrying: null,
          });
          if (start.kind === 'credits_exhausted') {
            track(PRODUCT_EVENTS.creditsExhausted, { business_id: ctx.businessId, plan_id: ctx.planId });
          }
          const named = sending.answerId ?? sending.questionId;
          if (sending.stopWhenNamed && named !== null) sending.stopWhenNamed(named);
        },
        onText: (piece) => {
          // Stopped already: what the stream still brings is not shown.
          if (sending.stopWhenNamed) return;
          thread.append(answerKey, piece);
          // The server charges as the text starts: the counter follows at once.
          if (firstChunk) {
            firstChunk = false;
            ctx.refreshCredits();
          }
        },
      });
      if (lasting) throw new LastingFailure();
    },
    {
      maxAttempts: MAX_SEND_ATTEMPTS,
      signal: sending.controller.signal,
      // The text of the failed attempt goes: the retry writes the answer anew.
      onRetry: (n, max) => thread.update(answerKey, { content: '', retrying: { attempt: n, max } }),
    },
  );
  if (outcome.kind === 'aborted') return 'aborted';
  if (ctx.active.current === sending) ctx.active.current = null;
  if (outcome.kind === 'refused') return outcome.error;
  if (outcome.kind === 'failed') {
    thread.update(answerKey, failedAnswer);
    track(PRODUCT_EVENTS.answerFailed, { business_id: ctx.businessId, attempts: outcome.attempts });
    ctx.refreshCredits();
    return 'failed';
  }
  thread.update(answerKey, { streaming: false, retrying: null });
  ctx.refreshCredits();
  setTimeout(() => thread.update(answerKey, { finished: true }), FINISH_DELAY_MS);
  return 'done';
}

const failedAnswer: Partial<ChatMessageView> = {
  content: FAILED_ANSWER_CONTENT,
  streaming: false,
  finished: true,
  retrying: null,
};
