import type { ChatRef } from '../owned.ts';
import { readChat } from '../thread/read-chat.ts';
import { toMessage } from '../wire.ts';
import { type SendDeps, type SendInput, sendMessage } from './send-message.ts';

/**
 * A send answered whole (`POST …/messages`): waits for the answer's end, then reads both messages as
 * the chat shows them.
 */
export async function sendAndWait(deps: SendDeps, { userId, businessId, chatId }: ChatRef, input: SendInput) {
  const result = await sendMessage(deps, { userId, businessId, chatId }, input);
  await result.done();
  const read = await readChat(deps, { userId, businessId, chatId });
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
