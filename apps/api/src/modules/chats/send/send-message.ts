import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANSWER_COST,
  type AnswerKind,
  assistantNotConfiguredMessage,
  creditsExhaustedMessage,
  ERROR_CODES,
  hasUnlimitedCredits,
  STARTER_PLAN,
} from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import { fallbackTitle } from '../../../ai/prompts/title.es.ts';
import type { Db } from '../../../db/client.ts';
import { messages } from '../../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { answers, creditsSpent } from '../../../lib/metrics.ts';
import { assertWithinLimit, countWrite, WRITE_LIMITS } from '../../../lib/write-counters.ts';
import { balance, ensureMonthlyFreeCredits } from '../../credits/credits.ts';
import type { ChatDeps } from '../chat-deps.ts';
import type { Claim } from '../engine/live-generation.ts';
import { buildContext, type Upload } from '../engine/model-context.ts';
import type { ChatRef } from '../owned.ts';
import { fromRaw, type HistoryRow } from '../rows.ts';
import { launchAnswer, newAnswerSourceId, titleFor } from './answer-attempt.ts';
import { type CheckedAttachment, checkAttachment, checkLimits } from './attachments.ts';
import { replaySend } from './replay-send.ts';
import { type SendOutcome, sendOutcome } from './send-outcome.ts';
import { RESERVATION_TTL_S, releaseSendSql } from './send-reservations.ts';
import {
  prepareSendRead,
  retakeReservation,
  type SendKey,
  type SendRead,
  type SendReadStatement,
  type StoredFile,
  storeSend,
} from './send-sql.ts';

export interface SendInput {
  content: string;
  clientMessageId?: string;
  files: Upload[];
}

/** The use cases' dependencies, with the send's read prepared once. */
export interface SendDeps extends ChatDeps {
  sendRead: SendReadStatement;
}

/** The chat's dependencies with the send's read prepared: once per app, by the chat routes. */
export function withSendRead(deps: ChatDeps): SendDeps {
  return { ...deps, sendRead: prepareSendRead(deps.db) };
}

const RESERVATION_POLL_MS = 100;

/**
 * Stores a question and starts its answer (product.md §4, architecture.md §4). With a client message id
 * seen before in this chat, nothing new is stored or charged: the outcome re-attaches to that
 * send's answer (or retries it when it failed).
 */
export async function sendMessage(
  deps: SendDeps,
  { userId, businessId, chatId }: ChatRef,
  input: SendInput,
): Promise<SendOutcome> {
  const { db } = deps;
  // The hot path of every answer is two round trips: this read, then one statement that stores,
  // charges and claims; the model is asked after it, so that only a paid answer reaches it.
  const clientMessageId = input.clientMessageId ?? crypto.randomUUID();
  const [found] = await deps.sendRead.execute({ chatId, businessId, userId, clientMessageId });
  if (!found) throw notFound('Chat no encontrado');
  const { chat, business } = found;
  const replayOf = async (messageId: number) => {
    const [seen] = await db.select().from(messages).where(eq(messages.id, messageId));
    if (!seen) throw notFound('Mensaje no encontrado');
    return replaySend(deps, { userId, chat, business, message: seen });
  };
  // A retry of a send already stored re-attaches to it, whatever the limits say.
  if (found.seenId !== null) return replayOf(Number(found.seenId));
  if (!found.reserved) {
    // Another request holds this send (a retry that arrived while the first is being stored).
    const seenId = await awaitReservation(db, { userId, chatId, clientMessageId });
    if (seenId !== null) return replayOf(seenId);
  }
  try {
    assertWithinLimit(
      { hits: found.sendHits, retry_after: found.sendRetryAfter },
      WRITE_LIMITS.sends,
      deps.writeLimitMultiplier,
    );
    return await sendNew(deps, found, { userId, clientMessageId, input });
  } catch (error) {
    // Unstored, the send is free again for the client's retry (a stored one released it itself).
    await db.execute(releaseSendSql(userId, chatId, clientMessageId)).catch(() => {});
    throw error;
  }
}

/**
 * Waits while another request holds the send: resolves with its stored question's id, or null once
 * this request holds the reservation (the other gave up, or died and its reservation expired).
 */
async function awaitReservation(db: Db, send: SendKey) {
  const deadline = Date.now() + (RESERVATION_TTL_S + 5) * 1000;
  while (Date.now() < deadline) {
    await sleep(RESERVATION_POLL_MS);
    const row = await retakeReservation(db, send);
    if (row?.seen_id != null) return Number(row.seen_id);
    if (row?.reserved) return null;
  }
  throw new AppError(
    503,
    ERROR_CODES.unavailable,
    'Tu mensaje todavía se está enviando. Espera un momento y vuelve a intentarlo.',
  );
}

/** Whether the user has `cost` credits now (a Starter user's monthly credits are granted first). */
async function canPay(
  db: Db,
  { userId, planId, balance: seen }: { userId: number; planId: number; balance: number | null },
  cost: number,
) {
  if (Number(seen ?? 0) >= cost) return true;
  if (planId !== STARTER_PLAN || !(await ensureMonthlyFreeCredits(db, userId))) return false;
  return Number((await balance(db, userId)) ?? 0) >= cost;
}

/**
 * Stores a new send and starts its answer; the caller holds the send's reservation. Files are read
 * only once the user can get an answer and is within the limit of files read.
 */
async function sendNew(
  deps: SendDeps,
  found: SendRead,
  { userId, clientMessageId, input }: { userId: number; clientMessageId: string; input: SendInput },
): Promise<SendOutcome> {
  const { db, storage, engine, assistant, productName } = deps;
  const { chat, business, planId } = found;
  const chatId = chat.id;
  const content = input.content.trim();
  if (content === '' && input.files.length === 0) {
    throw badRequest('Escribe un mensaje o adjunta un archivo', 'content');
  }
  const configured = assistant.label !== null;
  const cost = configured && !hasUnlimitedCredits(planId) ? ANSWER_COST : 0;
  const checked: CheckedAttachment[] = [];
  if (input.files.length > 0) {
    checkLimits(input.files.map((f) => ({ name: f.name, size: f.data.byteLength })));
    if (cost > 0 && !(await canPay(db, { userId, planId, balance: found.balance }, cost))) {
      throw new AppError(403, ERROR_CODES.creditsExhausted, creditsExhaustedMessage(productName, planId));
    }
    await countWrite(db, userId, WRITE_LIMITS.files, deps.writeLimitMultiplier, input.files.length);
    for (const file of input.files) checked.push(await checkAttachment(file.name, file.data));
  }
  const stored: StoredFile[] = checked.map((file) => ({
    ...file,
    id: crypto.randomUUID(),
    key: `attachments/${business.id}/${crypto.randomBytes(16).toString('hex')}`,
  }));

  const questionRow: HistoryRow = {
    sender: 'user',
    content,
    finished: true,
    answer_kind: null,
    files: stored.map((f) => ({ name: f.name, type: f.type, text: f.text, key: f.key, mime: f.mimeType })),
  };
  const uploads = stored.map((f) => ({ name: f.name, data: f.data }));
  const modelRequest = () =>
    buildContext(deps, {
      business,
      researchRef: found.research,
      rows: [...(found.history ?? []), questionRow],
      uploads,
      plan: found.plan,
      roadmap: found.roadmap,
    });
  for (const file of stored) await storage.put(file.key, file.data);
  if (cost > 0 && planId === STARTER_PLAN) await ensureMonthlyFreeCredits(db, userId);
  const fixedKind: AnswerKind = configured ? 'credits_exhausted' : 'not_configured';
  const stores = storeSend(db, {
    userId,
    businessId: business.id,
    chatId,
    clientMessageId,
    content,
    files: stored,
    title: chat.title === '' ? fallbackTitle(content || stored.map((f) => f.name).join(', ')) : null,
    cost,
    creditSource: cost > 0 ? newAnswerSourceId() : null,
    configured,
    fixedAnswer: configured
      ? creditsExhaustedMessage(productName, planId)
      : assistantNotConfiguredMessage(productName),
    fixedKind,
    owner: engine.owner,
    model: assistant.label,
  });
  // Files stored for a send that could not be saved must not stay behind.
  const row = await stores.catch(async (error: unknown) => {
    for (const file of stored) await storage.delete(file.key);
    throw error;
  });

  if (!row) {
    // The same send raced in from another request: its files are not needed, re-attach to it.
    for (const file of stored) await storage.delete(file.key);
    const [seen] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.clientMessageId, clientMessageId)));
    if (!seen) throw notFound('Mensaje no encontrado');
    return replaySend(deps, { userId, chat, business, message: seen });
  }
  const message = fromRaw(row.question);
  const answer = fromRaw(row.answer);
  const current = row.title ? { ...chat, title: row.title } : chat;
  const kind = (answer.answerKind ?? 'model') as AnswerKind;
  if (row.generation_id === null) {
    answers.inc({ outcome: 'refused' });
    return sendOutcome(db, {
      chat: current,
      message,
      answer,
      kind,
      replayed: false,
      from: { text: answer.content },
    });
  }
  creditsSpent.inc(cost);
  const rows: Claim = {
    generationId: Number(row.generation_id),
    answerId: answer.id,
    titleFor: titleFor(current, message),
  };
  // Only now, with the send stored and its credit debited, is the model asked (docs/decisions/0028).
  const live = await launchAnswer(deps, rows, modelRequest);
  return sendOutcome(db, { chat: current, message, answer, kind: 'model', replayed: false, from: { live } });
}
