import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANSWER_COST,
  type AnswerKind,
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
  prepareSend,
  reserveSend,
  retakeReservation,
  runSend,
  type SendKey,
  type SendRow,
  type SendStatement,
  type StoredFile,
  sendValues,
} from './send-sql.ts';

export interface SendInput {
  content: string;
  clientMessageId?: string;
  files: Upload[];
}

/** The use cases' dependencies, with the send's statement prepared once. */
export interface SendDeps extends ChatDeps {
  send: SendStatement;
}

/** The chat's dependencies with the send's statement prepared: once per app, by the chat routes. */
export function withSendStatement(deps: ChatDeps): SendDeps {
  return { ...deps, send: prepareSend(deps.db) };
}

const RESERVATION_POLL_MS = 100;

/**
 * Stores a question and starts its answer (product.md §4, architecture.md §4). With a client message id
 * seen before in this chat, nothing new is stored or charged: the outcome re-attaches to that
 * send's answer (or retries it when it failed).
 */
export async function sendMessage(deps: SendDeps, ref: ChatRef, input: SendInput): Promise<SendOutcome> {
  const clientMessageId = input.clientMessageId ?? crypto.randomUUID();
  const content = input.content.trim();
  if (input.files.length > 0)
    return sendWithFiles(deps, ref, { clientMessageId, content, files: input.files });
  if (content === '') throw badRequest('Escribe un mensaje o adjunta un archivo', 'content');
  // The hot path of every answer: one statement that stores, charges and claims; the model is asked
  // after it, so that only a paid answer reaches it.
  return store(deps, ref, { clientMessageId, content, files: [], counted: false });
}

interface Send {
  clientMessageId: string;
  content: string;
  files: StoredFile[];
  /** Whether the send was counted against the limit already (a send with files, before reading them). */
  counted: boolean;
  /** Called when the statement failed or stored nothing (the files stored for it are not needed). */
  discard?: () => Promise<void>;
}

/**
 * Runs the send's statement and starts the answer it claimed; a send seen before re-attaches to its
 * answer. A Starter user's first send of a month stores nothing until the month's credits are granted,
 * then runs again.
 */
async function store(deps: SendDeps, ref: ChatRef, send: Send): Promise<SendOutcome> {
  const { db, engine, assistant } = deps;
  const { userId, businessId, chatId } = ref;
  const { clientMessageId, content, files } = send;
  const values = sendValues({
    userId,
    businessId,
    chatId,
    clientMessageId,
    content,
    title: fallbackTitle(content || files.map((f) => f.name).join(', ')),
    counted: send.counted,
    writeLimitMultiplier: deps.writeLimitMultiplier,
    configured: assistant.label !== null,
    creditSource: newAnswerSourceId(),
    productName: deps.productName,
    owner: engine.owner,
    model: assistant.label,
  });
  let row: SendRow | undefined;
  try {
    row = await runSend(db, deps.send, values, files);
    if (row?.starterDue) {
      await ensureMonthlyFreeCredits(db, userId);
      row = await runSend(db, deps.send, values, files);
    }
  } catch (error) {
    await send.discard?.();
    throw error;
  }
  if (!row) {
    await send.discard?.();
    throw notFound('Chat no encontrado');
  }
  const { chat, business } = row;
  if (!row.question || !row.answer) {
    await send.discard?.();
    // A retry of a send already stored re-attaches to it, whatever the limits say.
    if (row.seenId === null) {
      assertWithinLimit(
        { hits: row.sendHits, retry_after: row.sendRetryAfter },
        WRITE_LIMITS.sends,
        deps.writeLimitMultiplier,
      );
    }
    // Stored before (or by a request that raced this one and committed after this statement began).
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
  if (row.generationId === null) {
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
  creditsSpent.inc(Number(row.cost));
  const questionRow: HistoryRow = {
    sender: 'user',
    content,
    finished: true,
    answer_kind: null,
    files: files.map((f) => ({ name: f.name, type: f.type, text: f.text, key: f.key, mime: f.mimeType })),
  };
  const claim: Claim = {
    generationId: Number(row.generationId),
    answerId: answer.id,
    titleFor: titleFor(current, message),
  };
  const found = row;
  // Only now, with the send stored and its credit debited, is the model asked (docs/decisions/0028).
  const live = await launchAnswer(deps, claim, () =>
    buildContext(deps, {
      business,
      researchRef: found.research,
      rows: [...(found.history ?? []), questionRow],
      uploads: files.map((f) => ({ name: f.name, data: f.data })),
      plan: found.plan,
      roadmap: found.roadmap,
    }),
  );
  return sendOutcome(db, { chat: current, message, answer, kind: 'model', replayed: false, from: { live } });
}

/**
 * A send with files: reserved first, so that concurrent retries of it never read or store its files
 * twice, and its files read only once the user is within the limits and can get an answer.
 */
async function sendWithFiles(
  deps: SendDeps,
  ref: ChatRef,
  { clientMessageId, content, files }: { clientMessageId: string; content: string; files: Upload[] },
): Promise<SendOutcome> {
  const { db, storage } = deps;
  const { userId, businessId, chatId } = ref;
  const key = { userId, chatId, clientMessageId };
  const found = await reserveSend(db, key, businessId);
  if (!found) throw notFound('Chat no encontrado');
  // A send stored already: the statement finds it and re-attaches to its answer.
  const replay = () => store(deps, ref, { clientMessageId, content, files: [], counted: true });
  if (found.seen_id !== null) return replay();
  if (!found.reserved && (await awaitReservation(db, key)) !== null) return replay();
  try {
    assertWithinLimit(found, WRITE_LIMITS.sends, deps.writeLimitMultiplier);
    checkLimits(files.map((f) => ({ name: f.name, size: f.data.byteLength })));
    const planId = Number(found.plan_id);
    const cost = deps.assistant.label !== null && !hasUnlimitedCredits(planId) ? ANSWER_COST : 0;
    if (cost > 0 && !(await canPay(db, { userId, planId, balance: found.balance }, cost))) {
      throw new AppError(
        403,
        ERROR_CODES.creditsExhausted,
        creditsExhaustedMessage(deps.productName, planId),
      );
    }
    await countWrite(db, userId, WRITE_LIMITS.files, deps.writeLimitMultiplier, files.length);
    const checked: CheckedAttachment[] = [];
    for (const file of files) checked.push(await checkAttachment(file.name, file.data));
    const stored: StoredFile[] = checked.map((file) => ({
      ...file,
      id: crypto.randomUUID(),
      key: `attachments/${businessId}/${crypto.randomBytes(16).toString('hex')}`,
    }));
    for (const file of stored) await storage.put(file.key, file.data);
    const discard = async () => {
      for (const file of stored) await storage.delete(file.key);
    };
    return await store(deps, ref, { clientMessageId, content, files: stored, counted: true, discard });
  } catch (error) {
    // Unstored, the send is free again for the client's retry.
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
