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

/**
 * The stop button (product.md §4): the stream ends here at once (silently) and the server keeps the
 * partial text. The answer then shows the text as the server kept it, which may run a little past what
 * had arrived when the stream was cut, marked 'Respuesta detenida' with whether it was charged. An
 * answer followed from the server (no stream here) is stopped the same way, by its id.
 */
export function stopStreaming(ctx: SendContext, shown: ShownThread): void {
  const sending = ctx.active.current;
  ctx.active.current = null;
  ctx.thread.setMessages((list) => list.map((m) => (m.streaming ? { ...m, ...stoppedHere } : m)));
  const target = sending?.answerId ?? sending?.questionId;
  if (sending) {
    sending.controller.abort();
    track(PRODUCT_EVENTS.answerStopped, { business_id: ctx.businessId });
  }
  const chatId = sending?.chatId ?? shown.chatId;
  const answer = target ?? [...shown.messages].reverse().find((m) => m.streaming && m.id !== null)?.id;
  if (!answer || chatId === UNSAVED_CHAT_ID) return;
  stopAnswer(ctx.businessId, chatId, answer)
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
