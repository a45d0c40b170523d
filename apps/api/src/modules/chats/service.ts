import type { AnswerFeedbackInput } from '@rumbo/contract';
import { answerAgain } from './answer-again.ts';
import { clearAnswerFeedback, setAnswerFeedback, withFeedback } from './answer-feedback.ts';
import { showVersion } from './answer-versions.ts';
import type { ChatServiceDeps } from './chat-deps.ts';
import { createChat } from './create-chat.ts';
import { deleteChat } from './delete-chat.ts';
import { exportChat } from './export-chat.ts';
import { latestChat } from './latest-chat.ts';
import { listChats } from './list-chats.ts';
import { readAttachment } from './read-attachment.ts';
import { readChat } from './read-chat.ts';
import { renameChat } from './rename-chat.ts';
import { searchChats } from './search-chats.ts';
import { type SendDeps, type SendInput, sendMessage } from './send-message.ts';
import { prepareSendRead } from './send-sql.ts';
import { stopAnswer } from './stop-answer.ts';
import { toMessage } from './wire.ts';

/**
 * The chat module's use cases, bound to their dependencies: what the routes call. Each lives in its
 * own file (`<verb>-<noun>.ts`); this file only hands them their dependencies.
 */

/**
 * A send answered whole (`POST …/messages`): waits for the answer's end, then reads both messages as
 * the chat shows them.
 */
async function sendAndWait(
  deps: SendDeps,
  userId: number,
  businessId: number,
  chatId: number,
  input: SendInput,
) {
  const result = await sendMessage(deps, userId, businessId, chatId, input);
  await result.done();
  const read = await readChat(deps, userId, businessId, chatId);
  const find = (messageId: number) => read.messages.find((m) => m.id === messageId);
  return {
    replayed: result.replayed,
    body: {
      chat: read.chat,
      message: find(result.message.id) ?? toMessage(result.message),
      answer: find(result.answer.id) ?? toMessage(result.answer),
    },
  };
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, storage } = deps;
  const sending: SendDeps = { ...deps, sendRead: prepareSendRead(db) };
  return {
    listChats: (userId: number, businessId: number, page: { limit: number; before?: number }) =>
      listChats(db, userId, businessId, page),
    createChat: (userId: number, businessId: number) => createChat(db, userId, businessId),
    /** The chat as the app shows it, with each rated answer's thumbs (so a rating shows after a reload). */
    readChat: async (userId: number, businessId: number, chatId: number) =>
      withFeedback(db, await readChat(deps, userId, businessId, chatId)),
    send: (userId: number, businessId: number, chatId: number, input: SendInput) =>
      sendMessage(sending, userId, businessId, chatId, input),
    sendAndWait: (userId: number, businessId: number, chatId: number, input: SendInput) =>
      sendAndWait(sending, userId, businessId, chatId, input),
    answerAgain: (
      userId: number,
      businessId: number,
      chatId: number,
      messageId: number,
      input: { clientMessageId?: string; content?: string },
    ) => answerAgain(deps, userId, businessId, chatId, messageId, input),
    /** Another version of a message shown, the chat continuing from it; the chat as it now reads. */
    showVersion: async (userId: number, businessId: number, chatId: number, messageId: number) => {
      await showVersion(db, userId, businessId, chatId, messageId);
      return withFeedback(db, await readChat(deps, userId, businessId, chatId));
    },
    stop: (userId: number, businessId: number, chatId: number, messageId: number) =>
      stopAnswer(deps, userId, businessId, chatId, messageId),
    readAttachment: (userId: number, businessId: number, chatId: number, attachmentId: string) =>
      readAttachment(db, storage, userId, businessId, chatId, attachmentId),
    searchChats: (userId: number, businessId: number, q: string) => searchChats(db, userId, businessId, q),
    renameChat: (userId: number, businessId: number, chatId: number, title: string) =>
      renameChat(db, userId, businessId, chatId, title),
    deleteChat: (userId: number, businessId: number, chatId: number) =>
      deleteChat(db, storage, userId, businessId, chatId),
    exportChat: (userId: number, businessId: number, chatId: number) =>
      exportChat(db, userId, businessId, chatId),
    setAnswerFeedback: (
      userId: number,
      businessId: number,
      chatId: number,
      messageId: number,
      input: AnswerFeedbackInput,
    ) => setAnswerFeedback(db, userId, businessId, chatId, messageId, input),
    clearAnswerFeedback: (userId: number, businessId: number, chatId: number, messageId: number) =>
      clearAnswerFeedback(db, userId, businessId, chatId, messageId),
    latestChat: (userId: number) => latestChat(db, userId),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
