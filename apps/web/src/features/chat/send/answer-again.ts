import { UNSAVED_CHAT_ID } from '@rumbo/contract';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { answerAgain as answerAgainRequest, StreamError } from '../api/chats.ts';
import { answerView, type ChatMessageView, isFailedAnswer } from '../messages.ts';
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
 * 'Regenerar' (a new version of the answer) or, with `content`, a question edited and asked again (a new
 * branch from it), as ADR 0043 has them: the shown thread ends at what is made anew, which streams in;
 * once done, the thread is read again, with its versions. A failed answer ('Reintentar') is tried again
 * in its place.
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
  if (!messageId || !question) return;
  const inPlace = content === undefined && isFailedAnswer(answer);
  const answerKey = inPlace ? answer.key : `again-${crypto.randomUUID()}`;
  ctx.thread.setMessages((list) => {
    if (inPlace) return list.map((m) => (m.key === answer.key ? { ...m, ...answerAnew } : m));
    const from = list.findIndex((m) => m.key === (content === undefined ? answer.key : question.key));
    if (from < 0) return list;
    const made = { ...answerView(answerKey, '', {}), ...answerAnew };
    if (content === undefined) return [...list.slice(0, from), made];
    const asked: ChatMessageView = {
      ...question,
      key: `asked-${crypto.randomUUID()}`,
      id: null,
      content,
      versions: undefined,
    };
    return [...list.slice(0, from), asked, made];
  });
  const controller = new AbortController();
  const sending: ActiveSend = {
    controller,
    businessId: ctx.businessId,
    chatId: shown.chatId,
    // An edit's question is new: until the server names it, a stop has nothing to reach.
    questionId: content === undefined ? question.id : null,
    answerId: inPlace ? answer.id : null,
  };
  ctx.active.current = sending;
  const clientMessageId = crypto.randomUUID();
  const outcome = await streamAnswer(ctx, answerKey, sending, (handlers) =>
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
  } else if (outcome === 'done' && !inPlace) {
    // The stored thread names the new messages and lists the versions beside them.
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
