import {
  type AnswerKind,
  CHAT_STREAM_HEADERS,
  type Chat,
  type ChatMessages,
  type Message,
} from '@rumbo/contract';
import { apiFetch, isApiErrorBody, signalUnauthorized } from '../../../lib/api-client.ts';
import { chatsPath } from './chat-list.ts';

export function getChatMessages(businessId: number, chatId: number, signal?: AbortSignal) {
  return apiFetch<ChatMessages>(`${chatsPath(businessId)}/${chatId}`, { signal });
}

/** POST …/messages/{id}/show: another version of a message shown (ADR 0043); the chat as it now reads. */
export function showVersion(businessId: number, chatId: number, messageId: number): Promise<ChatMessages> {
  return apiFetch<ChatMessages>(`${chatsPath(businessId)}/${chatId}/messages/${messageId}/show`, {
    method: 'POST',
  });
}

export function createChat(businessId: number): Promise<Chat> {
  return apiFetch<Chat>(chatsPath(businessId), { method: 'POST' });
}

/** Tells the server to stop an answer (its id or its question's); resolves with the answer as kept. */
export function stopAnswer(businessId: number, chatId: number, messageId: number): Promise<Message> {
  return apiFetch<Message>(`${chatsPath(businessId)}/${chatId}/messages/${messageId}/stop`, {
    method: 'POST',
  });
}

export interface StreamStart {
  messageId: number | null;
  answerId: number | null;
  kind: AnswerKind;
}

export interface StreamRequest {
  businessId: number;
  chatId: number;
  content: string;
  clientMessageId: string;
  files: readonly File[];
  signal: AbortSignal;
  /** Called once the headers arrived, before any text. */
  onStart: (start: StreamStart) => void;
  /** Each piece of the answer as it arrives. */
  onText: (text: string) => void;
}

/** An answer that could not be streamed: 'HTTP ' plus the status, or 'No stream body' (product.md §8). */
export class StreamError extends Error {
  readonly status: number | null;
  /** The API's own Spanish explanation, when it gave one (a refused file, say). */
  readonly apiMessage: string | null;
  constructor(message: string, status: number | null = null, apiMessage: string | null = null) {
    super(message);
    this.name = 'StreamError';
    this.status = status;
    this.apiMessage = apiMessage;
  }

  /**
   * A request the server refused for what it is (bad input, too large, no credits, too many sends in a
   * minute): sending it again at once cannot help.
   */
  get isRefusal(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500 && this.status !== 408;
  }
}

async function apiMessageOf(response: Response): Promise<string | null> {
  const body: unknown = await response.json().catch(() => null);
  return isApiErrorBody(body) ? body.message : null;
}

const headerNumber = (response: Response, name: string) => {
  const value = Number(response.headers.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
};

/**
 * POST …/messages/stream (product.md §7): sends the message (JSON, or multipart with files) and hands over
 * the answer's text chunk by chunk. Rejects with a StreamError when the answer cannot be read to its
 * end (the server cuts a failed answer without ending the body) and with an AbortError when aborted.
 */
export async function streamMessage(request: StreamRequest): Promise<void> {
  let body: BodyInit;
  const headers: Record<string, string> = { Accept: 'text/plain' };
  if (request.files.length > 0) {
    const form = new FormData();
    form.append('content', request.content);
    form.append('client_message_id', request.clientMessageId);
    for (const file of request.files) form.append('files', file, file.name);
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ content: request.content, client_message_id: request.clientMessageId });
  }
  await readAnswer(
    `${chatsPath(request.businessId)}/${request.chatId}/messages/stream`,
    { headers, body },
    request,
  );
}

export interface AnswerAgainRequest extends Pick<StreamRequest, 'signal' | 'onStart' | 'onText'> {
  businessId: number;
  chatId: number;
  /** The answer (regenerate) or the question (edit). */
  messageId: number;
  /** Repeated by every retry of this request, so that it never starts two attempts. */
  clientMessageId: string;
  /** The question's new text (edit); without it, the answer is regenerated. */
  content?: string;
}

/**
 * POST …/messages/{id}/regenerate, or …/edit with `content`: a new version of an answer, or a question
 * asked again (ADR 0043), streamed as a send's answer is.
 */
export function answerAgain(request: AnswerAgainRequest): Promise<void> {
  const action = request.content === undefined ? 'regenerate' : 'edit';
  const payload =
    request.content === undefined
      ? { client_message_id: request.clientMessageId }
      : { content: request.content, client_message_id: request.clientMessageId };
  return readAnswer(
    `${chatsPath(request.businessId)}/${request.chatId}/messages/${request.messageId}/${action}`,
    {
      headers: { Accept: 'text/plain', 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    },
    request,
  );
}

/** Posts to an answer's stream and hands over its start and each piece of text (product.md §7). */
async function readAnswer(
  url: string,
  init: { headers: Record<string, string>; body: BodyInit },
  request: Pick<StreamRequest, 'signal' | 'onStart' | 'onText'>,
): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    ...init,
    credentials: 'same-origin',
    signal: request.signal,
  });
  if (response.status === 401) signalUnauthorized();
  if (!response.ok) {
    throw new StreamError(`HTTP ${response.status}`, response.status, await apiMessageOf(response));
  }
  if (!response.body) throw new StreamError('No stream body');
  request.onStart({
    messageId: headerNumber(response, CHAT_STREAM_HEADERS.messageId),
    answerId: headerNumber(response, CHAT_STREAM_HEADERS.answerId),
    kind: (response.headers.get(CHAT_STREAM_HEADERS.answerKind) ?? 'model') as AnswerKind,
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (value) request.onText(value);
  }
}
