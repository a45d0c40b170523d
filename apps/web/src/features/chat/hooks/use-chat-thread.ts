import { type Chat, type ChatMessages, UNSAVED_CHAT_ID, UNSAVED_CHAT_START } from '@rumbo/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer-loader.ts';
import { getChatMessages } from '../api/chats.ts';
import { type ChatMessageView, fromServerMessage } from '../messages.ts';

/**
 * A thread as the server stores it. Its key sits outside ['businesses', …] on purpose: refreshing a
 * business must not read the open thread again under an answer that is streaming here.
 */
export function chatThreadQueryOptions(businessId: number, chatId: number) {
  return queryOptions({
    queryKey: ['chat-thread', businessId, chatId] as const,
    queryFn: ({ signal }) => getChatMessages(businessId, chatId, signal),
    // product.md §8: a thread that fails to load gives way to a new chat at once, not after a retry.
    retry: false,
    // A thread that is not on screen is not kept: opening it again always reads it afresh.
    gcTime: 0,
  });
}

function unsavedChat(businessId: number): Chat {
  return { id: UNSAVED_CHAT_ID, business_id: businessId, start_time: UNSAVED_CHAT_START, title: '' };
}

/** A thread known only by its id (the `chat` search parameter) until its read names it. */
function chatById(businessId: number, id: number): Chat {
  return { id, business_id: businessId, start_time: UNSAVED_CHAT_START, title: '' };
}

/** One message changed in place; a key no longer shown (the user moved on) changes nothing. */
function withChange(
  list: ChatMessageView[],
  key: string,
  change: Partial<ChatMessageView>,
): ChatMessageView[] {
  return list.map((m) => (m.key === key ? { ...m, ...change } : m));
}

function withText(list: ChatMessageView[], key: string, text: string): ChatMessageView[] {
  return list.map((m) => (m.key === key ? { ...m, content: m.content + text } : m));
}

/** Which read of the stored thread is awaited: the opening one (a spinner) or one after a refused change. */
type AwaitedRead = 'opening' | 'again' | null;

export interface ChatThreadOptions {
  businessId: number;
  productName: string;
  /** The thread to open first (the `chat` search parameter), if any. */
  initialChatId: number | null;
  /** Called whenever the current thread changes, so the address can follow it. */
  onChatChange: (chatId: number | null) => void;
}

/**
 * The thread on screen (product.md §4 'Chat screen'): which chat it is, its messages as shown (the stored
 * ones plus what is being sent here), and reading it from the server. The read is a query keyed by the
 * thread, so a late answer for a thread the user has left can never reach the screen.
 */
export function useChatThread({ businessId, productName, initialChatId, onChatChange }: ChatThreadOptions) {
  const queryClient = useQueryClient();
  const [chat, setChat] = useState<Chat>(() =>
    initialChatId === null ? unsavedChat(businessId) : chatById(businessId, initialChatId),
  );
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  // The thread named in the address opens on arrival.
  const [awaited, setAwaited] = useState<AwaitedRead>(initialChatId === null ? null : 'opening');
  /** When the stored read now on screen was made: following an answer shows only newer ones. */
  const shownReadAt = useRef(0);
  // The address handler changes with the address; the latest one is called, without re-creating callbacks.
  const chatChange = useRef(onChatChange);
  chatChange.current = onChatChange;

  const stored = useQuery({ ...chatThreadQueryOptions(businessId, chat.id), enabled: awaited !== null });

  // A stored thread has answers: their renderer downloads while the thread is read.
  useEffect(() => {
    if (awaited === 'opening') preloadMarkdownAnswer();
  }, [awaited]);

  const showStored = useCallback(
    (loaded: ChatMessages, readAt: number) => {
      shownReadAt.current = readAt;
      setMessages(loaded.messages.map((m) => fromServerMessage(m, productName)));
    },
    [productName],
  );

  const startNew = useCallback(() => {
    setChat(unsavedChat(businessId));
    setMessages([]);
    setAwaited(null);
    chatChange.current(null);
  }, [businessId]);

  useEffect(() => {
    if (awaited === null) return;
    if (stored.isError) {
      // product.md §8: a chat whose messages fail to load gives way to a new one. A failed read after a
      // refused change leaves the thread as it is shown.
      if (awaited === 'opening') startNew();
      else setAwaited(null);
      return;
    }
    if (!stored.data) return;
    if (awaited === 'opening') setChat(stored.data.chat);
    showStored(stored.data, stored.dataUpdatedAt);
    setAwaited(null);
  }, [awaited, stored.data, stored.dataUpdatedAt, stored.isError, showStored, startNew]);

  /** Forgets what was read of a thread, so that the next read is made now. */
  const forgetRead = useCallback(
    (chatId: number) =>
      queryClient.removeQueries({
        queryKey: chatThreadQueryOptions(businessId, chatId).queryKey,
        exact: true,
      }),
    [queryClient, businessId],
  );

  const open = useCallback(
    (next: Chat) => {
      forgetRead(next.id);
      setChat(next);
      setMessages([]);
      setAwaited('opening');
      chatChange.current(next.id);
    },
    [forgetRead],
  );

  /** The thread as stored comes back (a change the server refused left it as it was). */
  const readAgain = useCallback(
    (chatId: number) => {
      forgetRead(chatId);
      setAwaited('again');
    },
    [forgetRead],
  );

  /** product.md §4: the first send of an unsaved chat creates it, and it becomes current. */
  const adopt = useCallback((created: Chat) => {
    setChat(created);
    chatChange.current(created.id);
  }, []);

  const update = useCallback(
    (key: string, change: Partial<ChatMessageView>) => setMessages((list) => withChange(list, key, change)),
    [],
  );
  const append = useCallback(
    (key: string, text: string) => setMessages((list) => withText(list, key, text)),
    [],
  );

  return {
    chat,
    messages,
    loading: awaited === 'opening',
    shownReadAt,
    setMessages,
    update,
    append,
    showStored,
    open,
    startNew,
    readAgain,
    adopt,
  };
}

export type ChatThread = ReturnType<typeof useChatThread>;
