import { PRODUCT_EVENTS, UNSAVED_CHAT_ID } from '@rumbo/contract';
import { track } from '../../../lib/analytics/client.ts';
import { stopAnswer } from '../api/chats.ts';
import type { ChatMessageView } from '../messages.ts';
import type { ShownThread } from './answer-again.ts';
import type { SendContext } from './stream-answer.ts';

const stoppedHere: Partial<ChatMessageView> = {
  streaming: false,
  finished: true,
  stopped: true,
  retrying: null,
};

/** How long a stop waits for the server to name a new question before it gives up on the stream. */
const NAMING_WAIT_MS = 10_000;

/**
 * The stop button (product.md §4): the stream ends here at once (silently) and the server keeps the
 * partial text. The answer then shows the text as the server kept it, which may run a little past what
 * had arrived when the stream was cut, marked 'Respuesta detenida' with whether it was charged. An
 * answer followed from the server (no stream here) is stopped the same way, by its id. Stopped before
 * the server has named anything (the first moments of a send or an edit), the answer shows stopped at
 * once while the stream stays open until the server names it, so that the stop reaches the server.
 */
export function stopStreaming(ctx: SendContext, shown: ShownThread): void {
  const sending = ctx.active.current;
  ctx.active.current = null;
  ctx.thread.setMessages((list) => list.map((m) => (m.streaming ? { ...m, ...stoppedHere } : m)));
  if (!sending) {
    const followed = [...shown.messages].reverse().find((m) => m.streaming && m.id !== null)?.id;
    if (followed) keepStopped(ctx, shown.chatId, followed);
    return;
  }
  track(PRODUCT_EVENTS.answerStopped, { business_id: ctx.businessId });
  const target = sending.answerId ?? sending.questionId;
  // Named, or a new thread not yet created (it has asked nothing): the stream ends here.
  if (target !== null || sending.chatId === UNSAVED_CHAT_ID) {
    sending.controller.abort();
    if (target !== null) keepStopped(ctx, sending.chatId, target);
    return;
  }
  sending.stopWhenNamed = (id) => {
    sending.controller.abort();
    keepStopped(ctx, sending.chatId, id);
  };
  setTimeout(() => sending.controller.abort(), NAMING_WAIT_MS);
}

/** Asks the server to stop the answer (its id or its question's) and shows the text it kept. */
function keepStopped(ctx: SendContext, chatId: number, messageId: number): void {
  if (chatId === UNSAVED_CHAT_ID) return;
  stopAnswer(ctx.businessId, chatId, messageId)
    .then((kept) => {
      ctx.thread.setMessages((list) =>
        list.map((m) =>
          m.id === kept.id
            ? { ...m, content: kept.content, stopped: kept.stopped === true, charged: kept.charged === true }
            : m,
        ),
      );
      ctx.refreshCredits();
    })
    .catch(() => undefined);
}
