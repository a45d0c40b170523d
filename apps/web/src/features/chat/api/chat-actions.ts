import type { AnswerFeedback, Chat, ChatSearchHit } from '@rumbo/contract';
import { apiFetch } from '../../../lib/api-client.ts';

// The thread actions of the sidebar and the answers' tools (product.md §2.6): rename, delete, search, export
// and rating an answer.

const chatsPath = (businessId: number) => `/api/businesses/${businessId}/chats`;

export const searchQueryKey = (businessId: number, q: string) =>
  ['businesses', businessId, 'chats', 'search', q] as const;

export function renameChat(businessId: number, chatId: number, title: string): Promise<Chat> {
  return apiFetch<Chat>(`${chatsPath(businessId)}/${chatId}`, { method: 'PATCH', body: { title } });
}

export function deleteChat(businessId: number, chatId: number): Promise<void> {
  return apiFetch<void>(`${chatsPath(businessId)}/${chatId}`, { method: 'DELETE' });
}

export function searchChats(businessId: number, q: string, signal?: AbortSignal): Promise<ChatSearchHit[]> {
  return apiFetch<ChatSearchHit[]>(`${chatsPath(businessId)}/search?q=${encodeURIComponent(q)}`, { signal });
}

/** The Markdown download (the server names the file): a plain link, so the browser downloads it. */
export const exportChatUrl = (businessId: number, chatId: number) =>
  `${chatsPath(businessId)}/${chatId}/export`;

const feedbackPath = (businessId: number, chatId: number, messageId: number) =>
  `${chatsPath(businessId)}/${chatId}/messages/${messageId}/feedback`;

export function setAnswerFeedback(
  businessId: number,
  chatId: number,
  messageId: number,
  feedback: { rating: 'up' | 'down'; reason?: string },
): Promise<AnswerFeedback> {
  return apiFetch<AnswerFeedback>(feedbackPath(businessId, chatId, messageId), {
    method: 'PUT',
    body: feedback,
  });
}

export function clearAnswerFeedback(businessId: number, chatId: number, messageId: number): Promise<void> {
  return apiFetch<void>(feedbackPath(businessId, chatId, messageId), { method: 'DELETE' });
}
