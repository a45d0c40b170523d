import {
  creditsExhaustedMessage,
  maySend,
  messageSentEvent,
  NEW_CHAT_EVENT,
  PRODUCT_EVENTS,
  type ProductUser,
  UNSAVED_CHAT_ID,
} from '@rumbo/contract';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { track } from '../../../lib/analytics/client.ts';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { chatsQueryOptions, withNewChat } from '../api/chat-list.ts';
import { createChat, StreamError, type StreamRequest, streamMessage } from '../api/chats.ts';
import { answerView, type ChatMessageView, opensAt, type PendingAttachment } from '../messages.ts';
import { type ActiveSend, type SendContext, streamAnswer } from './stream-answer.ts';

/** A question on its way, kept so that 'Reintentar' can send it again as the same send. */
interface QuestionSend {
  question: ChatMessageView;
  answerKey: string;
  content: string;
  files: readonly PendingAttachment[];
  /** Every attempt carries it, so the server never duplicates the message or its charge. */
  clientMessageId: string;
  /** The thread the send goes to: created by the first attempt when it is a new one. */
  chatId: number;
  newThread: boolean;
  reportedSent: boolean;
}

export interface QuestionInput {
  /** The thread on screen (UNSAVED_CHAT_ID for a new chat). */
  chatId: number;
  canSend: boolean;
  text: string;
  files: readonly PendingAttachment[];
}

/**
 * Sends a question and streams its answer (product.md §4). Resolves false when nothing was sent (blank,
 * not allowed now, or refused by the server: the input keeps the text), true otherwise.
 */
export async function sendQuestion(ctx: SendContext, input: QuestionInput): Promise<boolean> {
  const content = input.text.trim();
  if (!input.canSend || (content === '' && input.files.length === 0)) return false;
  const question: ChatMessageView = {
    key: crypto.randomUUID(),
    id: null,
    sender: 'user',
    content,
    finished: true,
    streaming: false,
    exhausted: false,
    interrupted: false,
    attachments: input.files.map((file) => {
      // A file the browser could not type is opened as bytes to download: never sniffed, so never shown
      // by the browser's own PDF viewer, whatever it holds (ADR 0032).
      const typed = file.file.type ? file.file : new Blob([file.file], { type: 'application/octet-stream' });
      const url = URL.createObjectURL(typed);
      ctx.objectUrls.push(url);
      const opens = opensAt(url, { mimeType: file.file.type, name: file.name });
      return {
        key: file.key,
        type: file.type,
        name: file.name,
        size: file.size,
        url: opens,
        preview: file.preview,
      };
    }),
  };
  const answerKey = crypto.randomUUID();

  if (!maySend(ctx.planId, ctx.credits)) {
    answerExhaustedHere(ctx, question, answerKey);
    return true;
  }

  ctx.thread.setMessages((list) => [...list, question, answerView(answerKey, '', { streaming: true })]);
  return runSend(ctx, {
    question,
    answerKey,
    content,
    files: input.files,
    clientMessageId: crypto.randomUUID(),
    chatId: input.chatId,
    newThread: input.chatId === UNSAVED_CHAT_ID,
    reportedSent: false,
  });
}

/** product.md §4: no request at all; the exhausted text is local and credits read 0. */
function answerExhaustedHere(ctx: SendContext, question: ChatMessageView, answerKey: string) {
  const exhausted = creditsExhaustedMessage(ctx.productName, ctx.planId);
  ctx.thread.setMessages((list) => [
    ...list,
    question,
    answerView(answerKey, exhausted, { finished: true, exhausted: true }),
  ]);
  ctx.queryClient.setQueryData<ProductUser>(accountQueryKeys.me, (me) =>
    me ? { ...me, available_credits: 0 } : me,
  );
  track(PRODUCT_EVENTS.creditsExhausted, { business_id: ctx.businessId, plan_id: ctx.planId });
}

/** One run of the send (the first, or the one 'Reintentar' starts after a failure for good). */
async function runSend(ctx: SendContext, send: QuestionSend): Promise<boolean> {
  const sending: ActiveSend = {
    controller: new AbortController(),
    businessId: ctx.businessId,
    chatId: send.chatId,
    questionId: null,
    answerId: null,
  };
  ctx.active.current = sending;
  const outcome = await streamAnswer(ctx, send.answerKey, sending, (handlers) =>
    attemptSend(ctx, send, sending, handlers),
  );
  if (outcome instanceof StreamError) {
    // Nothing of it was stored: it leaves the conversation and goes back to the input, with its
    // files, next to the reason (a file the server would not take, a limit reached).
    ctx.thread.setMessages((list) =>
      list.filter((m) => m.key !== send.question.key && m.key !== send.answerKey),
    );
    ctx.onNotice(outcome.apiMessage ?? chatCopy.input.refused);
    return false;
  }
  if (outcome === 'failed') {
    // 'Reintentar' sends the same question again, with the same client id (nothing duplicated).
    ctx.resends.set(send.answerKey, () => {
      ctx.thread.update(send.answerKey, { content: '', streaming: true, finished: false });
      return runSend(ctx, send);
    });
  }
  // The model names a new thread once its first answer is complete.
  if (outcome === 'done' && send.newThread) ctx.onFirstAnswer();
  return true;
}

/** One attempt: creates the thread first when it is new, then streams the question's answer. */
async function attemptSend(
  ctx: SendContext,
  send: QuestionSend,
  sending: ActiveSend,
  handlers: Pick<StreamRequest, 'onStart' | 'onText'>,
): Promise<void> {
  if (sending.chatId === UNSAVED_CHAT_ID) {
    // product.md §4: the first send of an unsaved chat creates it, and it becomes current.
    const created = await createChat(ctx.businessId);
    sending.chatId = created.id;
    send.chatId = created.id;
    track(NEW_CHAT_EVENT, { business_id: ctx.businessId, chat_id: created.id });
    // Stopped, or the thread left, meanwhile: the new thread is not shown (the list has it when next read).
    if (sending.controller.signal.aborted) return;
    ctx.thread.adopt(created);
    ctx.queryClient.setQueryData(chatsQueryOptions(ctx.businessId).queryKey, (list) =>
      withNewChat(list, created),
    );
  }
  if (!send.reportedSent) {
    send.reportedSent = true;
    // product.md §7: 'Mensaje enviado a' + the product name, with the business and the date.
    track(messageSentEvent(ctx.productName), { business_id: ctx.businessId, date: new Date().toISOString() });
  }
  await streamMessage({
    businessId: ctx.businessId,
    chatId: sending.chatId,
    content: send.content,
    clientMessageId: send.clientMessageId,
    files: send.files.map((f) => f.file),
    signal: sending.controller.signal,
    onStart: (start) => {
      if (start.messageId !== null) ctx.thread.update(send.question.key, { id: start.messageId });
      handlers.onStart(start);
    },
    onText: handlers.onText,
  });
}
