import {
  type Chat,
  creditsExhaustedMessage,
  FAILED_ANSWER_CONTENT,
  MAX_SEND_ATTEMPTS,
  maySend,
  messageSentEvent,
  NEW_CHAT_EVENT,
  PRODUCT_EVENTS,
  UNSAVED_CHAT_ID,
  UNSAVED_CHAT_START,
} from '@rumbo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { track } from '../../../lib/analytics/client.ts';
import type { ProductUser } from '../../auth/api/users.ts';
import { authQueryKeys } from '../../auth/session.ts';
import {
  answerAgain as answerAgainRequest,
  chatQueryKeys,
  chatsQueryOptions,
  createChat,
  getChatMessages,
  StreamError,
  type StreamRequest,
  stopAnswer,
  streamMessage,
  withNewChat,
} from '../api/chats.ts';
import { answerView, type ChatMessageView, fromServerMessage, type PendingAttachment } from '../messages.ts';
import { LastingFailure, sendWithRetries } from './send-with-retries.ts';

/** product.md §9: an answer is marked finished 1.5 s after its stream ends. */
export const FINISH_DELAY_MS = 1500;
/** When the thread list is read again after a new thread's first answer, for the title the model gives it. */
export const TITLE_REFRESH_DELAYS_MS = [0, FINISH_DELAY_MS, 5000, 15_000];
/** How often an answer generated elsewhere (reopened chat, another tab) is read again. */
export const FOLLOW_INTERVAL_MS = 1000;

const unsavedChat = (businessId: number): Chat => ({
  id: UNSAVED_CHAT_ID,
  business_id: businessId,
  start_time: UNSAVED_CHAT_START,
  title: '',
});

interface ActiveSend {
  controller: AbortController;
  businessId: number;
  chatId: number;
  questionId: number | null;
  answerId: number | null;
}

export interface ChatSessionOptions {
  businessId: number;
  planId: number;
  /** As the API sends it: null means unlimited. */
  credits: number | null;
  productName: string;
  /** The thread to open first (the `chat` search parameter), if any. */
  initialChatId: number | null;
  /** Called whenever the current thread changes, so the address can follow it. */
  onChatChange: (chatId: number | null) => void;
  /** A refused send's explanation (a file the server would not take). */
  onNotice: (notice: string) => void;
}

/**
 * The chat screen's state machine (product.md §4 'Chat screen'): the current thread and its messages,
 * sending with retries (safe: every attempt carries the same client id, so the server never
 * duplicates a message or a charge), stopping, switching threads, and following an answer that is
 * still being generated on the server.
 */
export function useChatSession(options: ChatSessionOptions) {
  const { businessId, planId, credits, productName } = options;
  const queryClient = useQueryClient();
  const [chat, setChat] = useState<Chat>(() => unsavedChat(businessId));
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [loadingMessages, setLoadingMessages] = useState(false);
  /** Bumped whenever another thread is shown: late results of the previous one are dropped. */
  const view = useRef(0);
  const active = useRef<ActiveSend | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;
  const objectUrls = useRef<string[]>([]);

  const update = useCallback((viewId: number, key: string, change: Partial<ChatMessageView>) => {
    if (view.current !== viewId) return;
    setMessages((list) => list.map((m) => (m.key === key ? { ...m, ...change } : m)));
  }, []);

  const append = useCallback((viewId: number, key: string, text: string) => {
    if (view.current !== viewId) return;
    setMessages((list) => list.map((m) => (m.key === key ? { ...m, content: m.content + text } : m)));
  }, []);

  const refreshCredits = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: authQueryKeys.me }),
    [queryClient],
  );
  const refreshChats = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.list(businessId) }),
    [queryClient, businessId],
  );

  /** Leaves the current thread: an answer still streaming goes on on the server, unwatched. */
  const leave = useCallback(() => {
    view.current += 1;
    active.current?.controller.abort();
    active.current = null;
    for (const url of objectUrls.current) URL.revokeObjectURL(url);
    objectUrls.current = [];
  }, []);

  const newChat = useCallback(() => {
    leave();
    setChat(unsavedChat(businessId));
    setMessages([]);
    setLoadingMessages(false);
    callbacks.current.onChatChange(null);
  }, [leave, businessId]);

  const selectChat = useCallback(
    async (next: Chat) => {
      leave();
      const viewId = view.current;
      setChat(next);
      setMessages([]);
      setLoadingMessages(true);
      callbacks.current.onChatChange(next.id);
      try {
        const loaded = await getChatMessages(businessId, next.id);
        if (view.current !== viewId) return;
        setChat(loaded.chat);
        setMessages(loaded.messages.map((m) => fromServerMessage(m, callbacks.current.productName)));
      } catch {
        // product.md §8: a chat whose messages fail to load gives way to a new one.
        if (view.current === viewId) newChat();
      } finally {
        if (view.current === viewId) setLoadingMessages(false);
      }
    },
    [leave, newChat, businessId],
  );

  // The thread named in the address opens on arrival. (StrictMode's second run opens it again after
  // its cleanup left it, which is what keeps this right in development.)
  useEffect(() => {
    const id = callbacks.current.initialChatId;
    if (id !== null) {
      void selectChat({ id, business_id: businessId, start_time: UNSAVED_CHAT_START, title: '' });
    }
  }, [selectChat, businessId]);

  useEffect(() => leave, [leave]);

  // An answer being generated without a stream here (the chat was reopened) is read again until done.
  const following = !active.current && messages.some((m) => m.streaming && m.id !== null);
  useEffect(() => {
    if (!following || chat.id === UNSAVED_CHAT_ID) return;
    const viewId = view.current;
    const timer = setInterval(async () => {
      try {
        const loaded = await getChatMessages(businessId, chat.id);
        if (view.current !== viewId || active.current) return;
        setMessages(loaded.messages.map((m) => fromServerMessage(m, callbacks.current.productName)));
        if (loaded.messages.every((m) => m.finished)) {
          refreshCredits();
          refreshChats();
        }
      } catch {
        // The next tick tries again; the answer is safe on the server.
      }
    }, FOLLOW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [following, chat.id, businessId, refreshCredits, refreshChats]);

  // product.md §4: only when not loading, and with fewer than 2 messages or the last one finished.
  const canSend = !loadingMessages && (messages.length < 2 || messages.at(-1)?.finished === true);
  const streaming = messages.some((m) => m.streaming);

  /**
   * Streams an answer into the message `answerKey` with the retry policy (send-with-retries.ts): each
   * attempt starts the text again (the server sends its full text), progress shows while retrying, and
   * a failure for good ends with the spec's error text and 'Reintentar'.
   */
  const streamInto = useCallback(
    async (
      viewId: number,
      answerKey: string,
      sending: ActiveSend,
      attempt: (handlers: Pick<StreamRequest, 'onStart' | 'onText'>) => Promise<void>,
    ): Promise<'done' | 'aborted' | 'failed' | StreamError> => {
      let firstChunk = true;
      const outcome = await sendWithRetries(
        async () => {
          let lasting = false;
          update(viewId, answerKey, { content: '' });
          await attempt({
            onStart: (start) => {
              sending.questionId = start.messageId ?? sending.questionId;
              sending.answerId = start.answerId ?? sending.answerId;
              lasting = start.kind === 'error';
              update(viewId, answerKey, {
                id: start.answerId,
                exhausted: start.kind === 'credits_exhausted',
                retrying: null,
              });
              if (start.kind === 'credits_exhausted') {
                track(PRODUCT_EVENTS.creditsExhausted, { business_id: businessId, plan_id: planId });
              }
            },
            onText: (piece) => {
              append(viewId, answerKey, piece);
              if (firstChunk) {
                firstChunk = false;
                refreshCredits();
              }
            },
          });
          if (lasting) throw new LastingFailure();
        },
        {
          maxAttempts: MAX_SEND_ATTEMPTS,
          signal: sending.controller.signal,
          // The text of the failed attempt goes: the retry writes the answer anew.
          onRetry: (n, max) => update(viewId, answerKey, { content: '', retrying: { attempt: n, max } }),
        },
      );
      if (outcome.kind === 'aborted') return 'aborted';
      if (active.current === sending) active.current = null;
      if (outcome.kind === 'refused') return outcome.error;
      if (outcome.kind === 'failed') {
        update(viewId, answerKey, {
          content: FAILED_ANSWER_CONTENT,
          streaming: false,
          finished: true,
          retrying: null,
        });
        track(PRODUCT_EVENTS.answerFailed, { business_id: businessId, attempts: outcome.attempts });
        refreshCredits();
        return 'failed';
      }
      update(viewId, answerKey, { streaming: false, retrying: null });
      refreshCredits();
      setTimeout(() => update(viewId, answerKey, { finished: true }), FINISH_DELAY_MS);
      return 'done';
    },
    [businessId, planId, update, append, refreshCredits],
  );

  /** How to send again an answer that failed before the server named it (its question's send). */
  const resends = useRef(new Map<string, () => Promise<unknown>>());

  const send = useCallback(
    async (text: string, files: readonly PendingAttachment[] = []): Promise<boolean> => {
      const content = text.trim();
      if (!canSend || (content === '' && files.length === 0)) return false;
      const viewId = view.current;
      const attachments = files.map((file) => {
        const url = URL.createObjectURL(file.file);
        objectUrls.current.push(url);
        return {
          key: file.key,
          type: file.type,
          name: file.name,
          size: file.size,
          url,
          preview: file.preview,
        };
      });
      const question: ChatMessageView = {
        key: crypto.randomUUID(),
        id: null,
        sender: 'user',
        content,
        finished: true,
        streaming: false,
        exhausted: false,
        interrupted: false,
        attachments,
      };
      const answerKey = crypto.randomUUID();

      if (!maySend(planId, credits)) {
        // product.md §4: no request at all; the exhausted text is local and credits read 0.
        const exhausted = creditsExhaustedMessage(productName, planId);
        setMessages((list) => [
          ...list,
          question,
          answerView(answerKey, exhausted, { finished: true, exhausted: true }),
        ]);
        queryClient.setQueryData<ProductUser>(authQueryKeys.me, (me) =>
          me ? { ...me, available_credits: 0 } : me,
        );
        track(PRODUCT_EVENTS.creditsExhausted, { business_id: businessId, plan_id: planId });
        return true;
      }

      setMessages((list) => [...list, question, answerView(answerKey, '', { streaming: true })]);
      const newThread = chat.id === UNSAVED_CHAT_ID;
      const clientMessageId = crypto.randomUUID();
      let reportedSent = false;
      // The thread the send goes to: created by the first attempt when it is a new one.
      const chatOfSend = { chatId: chat.id };

      const run = async (): Promise<boolean> => {
        const controller = new AbortController();
        const sending: ActiveSend = {
          controller,
          businessId,
          chatId: chatOfSend.chatId,
          questionId: null,
          answerId: null,
        };
        active.current = sending;
        const outcome = await streamInto(viewId, answerKey, sending, async (handlers) => {
          if (sending.chatId === UNSAVED_CHAT_ID) {
            // product.md §4: the first send of an unsaved chat creates it, and it becomes current.
            const created = await createChat(businessId);
            sending.chatId = created.id;
            chatOfSend.chatId = created.id;
            track(NEW_CHAT_EVENT, { business_id: businessId, chat_id: created.id });
            if (controller.signal.aborted) return;
            if (view.current === viewId) {
              setChat(created);
              queryClient.setQueryData(chatsQueryOptions(businessId).queryKey, (list) =>
                withNewChat(list, created),
              );
              callbacks.current.onChatChange(created.id);
            }
          }
          if (!reportedSent) {
            reportedSent = true;
            // product.md §7: 'Mensaje enviado a' + the product name, with the business and the date.
            track(messageSentEvent(productName), {
              business_id: businessId,
              date: new Date().toISOString(),
            });
          }
          await streamMessage({
            businessId,
            chatId: sending.chatId,
            content,
            clientMessageId,
            files: files.map((f) => f.file),
            signal: controller.signal,
            onStart: (start) => {
              if (start.messageId !== null) update(viewId, question.key, { id: start.messageId });
              handlers.onStart(start);
            },
            onText: handlers.onText,
          });
        });
        if (outcome instanceof StreamError) {
          // Nothing of it was stored: it leaves the conversation and goes back to the input, with its
          // files, next to the reason (a file the server would not take, a limit reached).
          if (view.current === viewId) {
            setMessages((list) => list.filter((m) => m.key !== question.key && m.key !== answerKey));
          }
          callbacks.current.onNotice(outcome.apiMessage ?? chatCopy.input.refused);
          return false;
        }
        if (outcome === 'failed') {
          // 'Reintentar' sends the same question again, with the same client id (nothing duplicated).
          resends.current.set(answerKey, () => {
            update(viewId, answerKey, { content: '', streaming: true, finished: false });
            return run();
          });
        }
        // The model names a new thread once its first answer is complete (a call of its own, which may
        // take a moment): the list is read again until then.
        if (outcome === 'done' && newThread) {
          for (const delay of TITLE_REFRESH_DELAYS_MS) setTimeout(refreshChats, delay);
        }
        return true;
      };
      return run();
    },
    [
      canSend,
      planId,
      credits,
      productName,
      businessId,
      chat.id,
      queryClient,
      update,
      streamInto,
      refreshChats,
    ],
  );

  /**
   * A new attempt at the last answer ('Regenerar', 'Reintentar'), or with `content` the last question
   * edited and answered again. The old text gives way to the new one as it streams.
   */
  const answerAgain = useCallback(
    async (answer: ChatMessageView, content?: string): Promise<void> => {
      if (active.current || chat.id === UNSAVED_CHAT_ID) return;
      const viewId = view.current;
      const index = messages.findIndex((m) => m.key === answer.key);
      const question = messages[index - 1];
      const messageId = content === undefined ? answer.id : question?.id;
      if (!messageId) return;
      setMessages((list) =>
        list.map((m) =>
          m.key === answer.key
            ? {
                ...m,
                content: '',
                streaming: true,
                finished: false,
                exhausted: false,
                interrupted: false,
                stopped: false,
                charged: false,
                retrying: null,
              }
            : m.key === question?.key && content !== undefined
              ? { ...m, content }
              : m,
        ),
      );
      const controller = new AbortController();
      const sending: ActiveSend = {
        controller,
        businessId,
        chatId: chat.id,
        questionId: question?.id ?? null,
        answerId: answer.id,
      };
      active.current = sending;
      const clientMessageId = crypto.randomUUID();
      const outcome = await streamInto(viewId, answer.key, sending, (handlers) =>
        answerAgainRequest({
          businessId,
          chatId: sending.chatId,
          messageId,
          clientMessageId,
          content,
          signal: controller.signal,
          ...handlers,
        }),
      );
      if (outcome instanceof StreamError) {
        callbacks.current.onNotice(outcome.apiMessage ?? chatCopy.input.refused);
        // Nothing changed on the server: the thread as it is stored comes back.
        const loaded = await getChatMessages(businessId, sending.chatId).catch(() => null);
        if (loaded && view.current === viewId) {
          setMessages(loaded.messages.map((m) => fromServerMessage(m, callbacks.current.productName)));
        }
      }
    },
    [businessId, chat.id, messages, streamInto],
  );

  /** 'Reintentar' on a failed answer: its question again, as the same send when the server never named it. */
  const retry = useCallback(
    (answer: ChatMessageView) => {
      const resend = resends.current.get(answer.key);
      if (answer.id === null && resend) {
        resends.current.delete(answer.key);
        void resend();
        return;
      }
      void answerAgain(answer);
    },
    [answerAgain],
  );

  /**
   * The stop button: the stream ends here at once (silently) and the server keeps the partial text.
   * The answer then shows the text as the server kept it, which may run a little past what had
   * arrived when the stream was cut, marked 'Respuesta detenida' with whether it was charged.
   */
  const stop = useCallback(() => {
    const sending = active.current;
    active.current = null;
    setMessages((list) =>
      list.map((m) =>
        m.streaming ? { ...m, streaming: false, finished: true, stopped: true, retrying: null } : m,
      ),
    );
    const target = sending?.answerId ?? sending?.questionId;
    if (sending) {
      sending.controller.abort();
      track(PRODUCT_EVENTS.answerStopped, { business_id: businessId });
    }
    const chatId = sending?.chatId ?? chat.id;
    const answer = target ?? [...messages].reverse().find((m) => m.streaming && m.id !== null)?.id;
    if (answer && chatId !== UNSAVED_CHAT_ID) {
      stopAnswer(businessId, chatId, answer)
        .then((kept) => {
          setMessages((list) =>
            list.map((m) =>
              m.id === kept.id
                ? {
                    ...m,
                    content: kept.content,
                    stopped: kept.stopped === true,
                    charged: kept.charged === true,
                  }
                : m,
            ),
          );
          refreshCredits();
        })
        .catch(() => undefined);
    }
  }, [businessId, chat.id, messages, refreshCredits]);

  return {
    chat,
    messages,
    loading: loadingMessages,
    canSend,
    streaming,
    send,
    stop,
    regenerate: answerAgain,
    retry,
    selectChat,
    newChat,
  };
}
