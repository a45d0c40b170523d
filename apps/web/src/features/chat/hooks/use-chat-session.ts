import { UNSAVED_CHAT_ID } from '@rumbo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chatFlowCopy } from '../../../config/copy/chat-flow.es.ts';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { chatQueryKeys } from '../api/chat-list.ts';
import { showVersion as showVersionRequest } from '../api/chats.ts';
import type { ChatMessageView, PendingAttachment } from '../messages.ts';
import { answerAgain, retryAnswer } from '../send/answer-again.ts';
import { sendQuestion } from '../send/send-question.ts';
import { stopStreaming } from '../send/stop-answer.ts';
import type { ActiveSend, SendContext } from '../send/stream-answer.ts';
import { type ChatThreadOptions, useChatThread } from './use-chat-thread.ts';
import { useFollowAnswer } from './use-follow-answer.ts';

export interface ChatSessionOptions extends ChatThreadOptions {
  planId: number;
  /** As the API sends it: null means unlimited. */
  credits: number | null;
  /** A refused send's explanation (a file the server would not take). */
  onNotice: (notice: string) => void;
}

/**
 * The chat screen's conversation (product.md §4 'Chat screen'): composes the thread on screen, following
 * an answer generated elsewhere, and the use cases of the input and the answers (send with retries: safe,
 * as every attempt carries the same client id, so the server never duplicates a message or a charge;
 * stop; answer again; switch threads).
 */
export function useChatSession(options: ChatSessionOptions) {
  const { businessId, planId, credits, productName } = options;
  const queryClient = useQueryClient();
  const thread = useChatThread(options);
  const { chat, messages } = thread;
  const active = useRef<ActiveSend | null>(null);
  const resends = useRef(new Map<string, () => Promise<unknown>>());
  const objectUrls = useRef<string[]>([]);
  /** When a new thread's first answer ended: the thread list reads its title after it (use-thread-list.ts). */
  const [firstAnsweredAt, setFirstAnsweredAt] = useState<number | null>(null);
  const notice = useRef(options.onNotice);
  notice.current = options.onNotice;

  const refreshCredits = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: accountQueryKeys.me }),
    [queryClient],
  );
  const refreshChats = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.list(businessId) }),
    [queryClient, businessId],
  );

  /** Leaves the current thread: an answer still streaming goes on on the server, unwatched. */
  const leave = useCallback(() => {
    active.current?.controller.abort();
    active.current = null;
    // Emptied in place: the send context holds this same list.
    for (const url of objectUrls.current.splice(0)) URL.revokeObjectURL(url);
  }, []);
  useEffect(() => leave, [leave]);

  // A followed answer that ends changed the credits, and may have named the thread.
  const onFollowedToEnd = useCallback(() => {
    refreshCredits();
    refreshChats();
  }, [refreshCredits, refreshChats]);
  // An answer being generated without a stream here (the chat was reopened) is read again until done.
  useFollowAnswer({
    businessId,
    chatId: chat.id,
    following:
      !active.current && chat.id !== UNSAVED_CHAT_ID && messages.some((m) => m.streaming && m.id !== null),
    shownReadAt: thread.shownReadAt,
    onRead: thread.showStored,
    onFinished: onFollowedToEnd,
  });

  const { update, append, setMessages, adopt, readAgain } = thread;
  const ctx = useMemo<SendContext>(
    () => ({
      businessId,
      planId,
      credits,
      productName,
      queryClient,
      thread: { update, append, setMessages, adopt, readAgain },
      active,
      resends: resends.current,
      objectUrls: objectUrls.current,
      refreshCredits,
      onFirstAnswer: () => {
        setFirstAnsweredAt(Date.now());
        refreshChats();
      },
      onNotice: (text) => notice.current(text),
    }),
    [
      businessId,
      planId,
      credits,
      productName,
      queryClient,
      update,
      append,
      setMessages,
      adopt,
      readAgain,
      refreshCredits,
      refreshChats,
    ],
  );

  // product.md §4: only when not loading, and with fewer than 2 messages or the last one finished.
  const canSend = !thread.loading && (messages.length < 2 || messages.at(-1)?.finished === true);

  const send = useCallback(
    (text: string, files: readonly PendingAttachment[] = []) =>
      sendQuestion(ctx, { chatId: chat.id, canSend, text, files }),
    [ctx, chat.id, canSend],
  );
  const regenerate = useCallback(
    (answer: ChatMessageView, content?: string) =>
      answerAgain(ctx, { chatId: chat.id, messages }, answer, content),
    [ctx, chat.id, messages],
  );
  const retry = useCallback(
    (answer: ChatMessageView) => retryAnswer(ctx, { chatId: chat.id, messages }, answer),
    [ctx, chat.id, messages],
  );
  const stop = useCallback(() => stopStreaming(ctx, { chatId: chat.id, messages }), [ctx, chat.id, messages]);
  const { showStored } = thread;
  /** Another version of a message (ADR 0043): the thread as the server now shows it. */
  const showVersion = useCallback(
    (messageId: number) => {
      if (active.current || chat.id === UNSAVED_CHAT_ID) return;
      showVersionRequest(businessId, chat.id, messageId)
        .then((read) => showStored(read, Date.now()))
        .catch(() => notice.current(chatFlowCopy.versions.failed));
    },
    [businessId, chat.id, showStored],
  );

  const { open, startNew } = thread;
  const selectChat = useCallback(
    (next: Parameters<typeof open>[0]) => {
      leave();
      open(next);
    },
    [leave, open],
  );
  const newChat = useCallback(() => {
    leave();
    startNew();
  }, [leave, startNew]);

  return {
    chat,
    messages,
    loading: thread.loading,
    canSend,
    streaming: messages.some((m) => m.streaming),
    firstAnsweredAt,
    send,
    stop,
    regenerate,
    retry,
    showVersion,
    selectChat,
    newChat,
  };
}
