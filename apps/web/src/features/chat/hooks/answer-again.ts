import { UNSAVED_CHAT_ID } from '@rumbo/contract';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { answerAgain as answerAgainRequest, StreamError } from '../api/chats.ts';
import type { ChatMessageView } from '../messages.ts';
import { type ActiveSend, type SendContext, streamAnswer } from './stream-answer.ts';

/** The thread on screen, as the use cases below read it when they are asked. */
export interface ShownThread {
  chatId: number;
  messages: readonly ChatMessageView[];
}

/** An answer made anew: empty and streaming, with nothing left of its previous state. */
const answerAnew: Partial<ChatMessageView> = {
  content: '',
  streaming: true,
  finished: false,
  exhausted: false,
  interrupted: false,
  stopped: false,
  charged: false,
  retrying: null,
};

/**
 * A new attempt at the last answer ('Regenerar', 'Reintentar'), or with `content` the last question
 * edited and answered again (product.md §4). The old text gives way to the new one as it streams.
 */
export async function answerAgain(
  ctx: SendContext,
  shown: ShownThread,
  answer: ChatMessageView,
  content?: string,
): Promise<void> {
  if (ctx.active.current || shown.chatId === UNSAVED_CHAT_ID) return;
  const index = shown.messages.findIndex((m) => m.key === answer.key);
  const question = shown.messages[index - 1];
  const messageId = content === undefined ? answer.id : question?.id;
  if (!messageId) return;
  ctx.thread.setMessages((list) =>
    list.map((m) =>
      m.key === answer.key
        ? { ...m, ...answerAnew }
        : m.key === question?.key && content !== undefined
          ? { ...m, content }
          : m,
    ),
  );
  const controller = new AbortController();
  const sending: ActiveSend = {
    controller,
    businessId: ctx.businessId,
    chatId: shown.chatId,
    questionId: question?.id ?? null,
    answerId: answer.id,
  };
  ctx.active.current = sending;
  const clientMessageId = crypto.randomUUID();
  const outcome = await streamAnswer(ctx, answer.key, sending, (handlers) =>
    answerAgainRequest({
      businessId: ctx.businessId,
      chatId: sending.chatId,
      messageId,
      clientMessageId,
      content,
      signal: controller.signal,
      ...handlers,
    }),
  );
  if (outcome instanceof StreamError) {
    ctx.onNotice(outcome.apiMessage ?? chatCopy.input.refused);
    // Nothing changed on the server: the thread as it is stored comes back.
    ctx.thread.readAgain(sending.chatId);
  }
}

/** 'Reintentar' on a failed answer: its question again, as the same send when the server never named it. */
export function retryAnswer(ctx: SendContext, shown: ShownThread, answer: ChatMessageView): void {
  const resend = ctx.resends.get(answer.key);
  if (answer.id === null && resend) {
    ctx.resends.delete(answer.key);
    void resend();
    return;
  }
  void answerAgain(ctx, shown, answer);
}
