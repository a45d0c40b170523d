import crypto from 'node:crypto';
import { ANSWER_COST, creditsExhaustedMessage, hasUnlimitedCredits } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { generations, messages } from '../../../db/schema/index.ts';
import { creditsSpent } from '../../../lib/metrics.ts';
import { debit } from '../../credits/credits.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { failGeneration } from '../engine/generation-store.ts';
import type { Claim, LiveGeneration } from '../engine/live-generation.ts';
import type { ModelRequest } from '../engine/model-context.ts';
import type { ChatRow, MessageRow } from '../rows.ts';

// One attempt at an answer: charged, recorded as a running generation, then started on the engine.

/** A new debit source id for one attempt at an answer (one charge per attempt, refunded if it fails). */
export const newAnswerSourceId = () => `answer:${crypto.randomUUID()}`;

/** A chat without a model-made title is named after its first exchange, once the answer ends. */
export const titleFor = (chat: ChatRow, question: MessageRow) =>
  chat.titleGenerated ? undefined : { chatId: chat.id, question: question.content };

/** One attempt at an answer: whose, on which plan, of which answer row, and its number (1 for the first). */
export interface Attempt {
  userId: number;
  planId: number;
  answerId: number;
  attempt: number;
}

/**
 * Charges and records one attempt at an answer inside `tx`. Returns the generation's id, or the
 * kind of the fixed answer that was stored instead (no model call, nothing charged).
 */
export async function beginAttempt(
  deps: Pick<ChatDeps, 'engine' | 'assistant' | 'productName'>,
  tx: Db,
  { userId, planId, answerId, attempt }: Attempt,
): Promise<number | 'credits_exhausted'> {
  const cost = hasUnlimitedCredits(planId) ? 0 : ANSWER_COST;
  const creditSource = cost > 0 ? newAnswerSourceId() : null;
  if (creditSource && !(await debit(tx, userId, cost, creditSource, new Date(), planId))) {
    await tx
      .update(messages)
      .set({
        content: creditsExhaustedMessage(deps.productName, planId),
        finished: true,
        answerKind: 'credits_exhausted',
      })
      .where(eq(messages.id, answerId));
    return 'credits_exhausted';
  }
  const [row] = await tx
    .insert(generations)
    .values({
      messageId: answerId,
      userId,
      attempt,
      status: 'running',
      owner: deps.engine.owner,
      cost,
      creditSource,
      model: deps.assistant.label,
    })
    .returning({ id: generations.id });
  // Counted once the debit is part of the attempt's transaction (lib/metrics.ts).
  creditsSpent.inc(cost);
  return (row as { id: number }).id;
}

/** Starts the answer whose rows this process inserted as running (its claim). */
export async function launchAnswer(
  deps: Pick<ChatDeps, 'db' | 'engine'>,
  rows: Claim,
  request: () => Promise<ModelRequest>,
): Promise<LiveGeneration> {
  try {
    return deps.engine.start({ ...(await request()), ...rows });
  } catch (error) {
    await failGeneration(deps.db, rows.generationId, 'could not build the context');
    throw error;
  }
}
