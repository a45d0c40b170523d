import type { Message } from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import { generations, messages } from '../../../db/schema/index.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { type MessageRef, ownChat } from '../owned.ts';
import type { MessageRow } from '../rows.ts';
import { toMessage } from '../wire.ts';
import { answerStates, findAnswer, latestGeneration, waitFinished } from './answer-queries.ts';
import { STALE_AFTER_MS } from './generation-store.ts';

/**
 * Stops the answer `messageId` (or the answer to the question `messageId`), keeping its text: at once
 * when this process generates it, else through `stop_requested` for the process that does.
 */
export async function stopAnswer(
  deps: Pick<ChatDeps, 'db' | 'engine'>,
  { userId, businessId, chatId, messageId }: MessageRef,
): Promise<Message> {
  const { db, engine } = deps;
  await ownChat(db, { userId, businessId, chatId });
  const answer = await findAnswer(db, chatId, messageId);
  const local = engine.stopLocal(answer.id);
  if (local) {
    await local.stored;
  } else if (!answer.finished) {
    const generation = await latestGeneration(db, answer.id);
    if (generation?.status === 'running') {
      const stale = Date.now() - generation.heartbeatAt.getTime() > STALE_AFTER_MS;
      if (stale) {
        // Its process is gone: keep what it had saved, as a stop does.
        await db.transaction(async (tx) => {
          const [ended] = await tx
            .update(generations)
            .set({ status: 'stopped', endedAt: new Date() })
            .where(and(eq(generations.id, generation.id), eq(generations.status, 'running')))
            .returning();
          if (ended) await tx.update(messages).set({ finished: true }).where(eq(messages.id, answer.id));
        });
      } else {
        await db.update(generations).set({ stopRequested: true }).where(eq(generations.id, generation.id));
        await waitFinished(db, answer.id, 3_000);
      }
    }
  }
  const [now] = await db.select().from(messages).where(eq(messages.id, answer.id));
  return toMessage(now as MessageRow, { state: (await answerStates(db, [answer.id])).get(answer.id) });
}
