import {
  ANSWER_COST,
  assistantNotConfiguredMessage,
  creditsExhaustedMessage,
  NO_PLAN,
  STARTER_PLAN,
  UNLIMITED_PLAN,
} from '@rumbo/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { businesses, chats, users } from '../../../db/schema/index.ts';
import { countWriteSql, WRITE_LIMITS } from '../../../lib/write-counters.ts';
import { debitCtes, monthlyFreeSourceId } from '../../credits/credits.ts';
import { historyOf, planOf, researchRefOf, roadmapOf } from '../engine/model-context.ts';
import type { RawMessage } from '../rows.ts';
import type { CheckedAttachment } from './attachments.ts';
import { reserveSendSql } from './send-reservations.ts';

/**
 * The send's statement (architecture.md §4): one round trip per send. It counts the send against the
 * user's limit and, for the caller's own chat, within that limit, when the send's client id is new and
 * no Starter month is still to be granted, stores the question after the chat's shown branch, charges
 * it (the credits module's SQL), stores its answer (the fixed text when the model is not asked), claims
 * the answer's generation for this process, stores the question's files and gives the chat its first
 * title. The same statement reads what the answer's context needs: the business, the plan, the history
 * before the question, which study is the latest, the financial plan and the roadmap. Its text is the
 * same for every send without files, so it is planned once (a named statement on PostgreSQL, prepared
 * by its text on PGlite): building and planning it for every send was a good share of a send's cost.
 */

const ph = sql.placeholder;

/** A file of the question, checked and named in storage. */
export type StoredFile = CheckedAttachment & { id: string; key: string };

/** What the send's statement is run with (`sendValues` makes it). */
export interface SendValues {
  userId: number;
  businessId: number;
  chatId: number;
  clientMessageId: string;
  content: string;
  /** The chat's title from the question, given to it when it has none yet. */
  title: string;
  /** 1, or 0 when the send was counted already (a send with files counts before reading them). */
  counted: number;
  /** The most sends the user may make in the window (the limit times WRITE_LIMIT_MULTIPLIER). */
  sendMax: number;
  /** Whether a model answers (else the answer is the not-configured text, free). */
  configured: boolean;
  /** The debit's source, used only when the answer is charged. */
  creditSource: string;
  /** The Starter month's source id: while it is not granted, nothing is stored. */
  starterMonth: string;
  notConfigured: string;
  /** The credits-exhausted text tells Starter users apart from everyone else. */
  exhaustedOnStarter: string;
  exhaustedOnOtherPlans: string;
  /** This process (the generation's claim) and the model's label. */
  owner: string;
  model: string | null;
}

export function sendValues(send: {
  userId: number;
  businessId: number;
  chatId: number;
  clientMessageId: string;
  content: string;
  title: string;
  counted: boolean;
  writeLimitMultiplier: number;
  configured: boolean;
  creditSource: string;
  productName: string;
  owner: string;
  model: string | null;
}): SendValues {
  const { counted, writeLimitMultiplier, productName, ...rest } = send;
  return {
    ...rest,
    counted: counted ? 0 : 1,
    sendMax: WRITE_LIMITS.sends.max * writeLimitMultiplier,
    starterMonth: monthlyFreeSourceId(send.userId),
    notConfigured: assistantNotConfiguredMessage(productName),
    exhaustedOnStarter: creditsExhaustedMessage(productName, STARTER_PLAN),
    exhaustedOnOtherPlans: creditsExhaustedMessage(productName, NO_PLAN),
  };
}

/**
 * The statement, with the files' rows (a VALUES list) or, for a send without files, none. A send with
 * files takes a key-share lock on the business row before anything else: its attachments' foreign key
 * locks that row at the end of the statement, after the question's had locked the chat's, while a
 * business's delete locks the business first and the chat after it, and the two would deadlock
 * (PostgreSQL aborts one of them). Locked first, the send waits for a delete under way and then finds no
 * business (nothing is stored), or the delete waits for the send. A send without files locks nothing of
 * the business.
 */
function sendStatement(db: Db, files?: SQL) {
  const user = sql`${ph('userId')}::int`;
  const chatId = sql`${ph('chatId')}::int`;
  const clientMessageId = sql`${ph('clientMessageId')}::text`;
  const configured = sql`${ph('configured')}::boolean`;
  // The user's plan, what the answer costs on it, and whether a Starter month is still to be granted.
  const plan = db.$with('send_plan', { planId: sql<number>`plan_id` }).as(
    sql`select plan_id, case when ${configured} and plan_id <> ${UNLIMITED_PLAN} then ${ANSWER_COST}
        else 0 end as cost,
        ${configured} and plan_id = ${STARTER_PLAN} and not exists (select 1 from credit_ledger l
          where l.source_id = ${ph('starterMonth')}::text) as starter_due
      from users where id = ${user}`,
  );
  const sendCount = db
    .$with('send_count', { hits: sql<number>`hits`, retryAfter: sql<number>`retry_after` })
    .as(countWriteSql(user, WRITE_LIMITS.sends, sql`${ph('counted')}::int`));
  const q = db.$with('q', { id: sql<number>`id` }).as(
    sql`insert into messages (chat_id, sender, content, client_message_id, finished, parent_id)
      select c.id, 'user', ${ph('content')}::text, ${clientMessageId}, true,
        (select max(m.id) from messages m where m.chat_id = c.id and m.shown)
      from chats c join businesses b on b.id = c.business_id, send_plan, send_count
      where c.id = ${chatId} and c.business_id = ${ph('businessId')}::int and b.user_id = ${user}
        and send_count.hits <= ${ph('sendMax')}::int and not send_plan.starter_due
      ${files ? sql`for key share of b` : sql``}
      on conflict do nothing returning *`,
  );
  const charged = sql`((select cost from send_plan) = 0 or exists (select 1 from debit_balance))`;
  const debit = debitCtes(db, {
    userId: user,
    cost: sql`(select cost from send_plan)`,
    sourceId: sql`${ph('creditSource')}::text`,
    when: sql`exists (select 1 from q)`,
  });
  const answer = db.$with('a', { id: sql<number>`id` }).as(
    sql`insert into messages (chat_id, sender, reply_to, parent_id, content, finished, answer_kind)
      select q.chat_id, 'ai_model', q.id, q.id,
        case when ${configured} and ${charged} then ''
          when not ${configured} then ${ph('notConfigured')}::text
          when (select plan_id from send_plan) = ${STARTER_PLAN} then ${ph('exhaustedOnStarter')}::text
          else ${ph('exhaustedOnOtherPlans')}::text end,
        not (${configured} and ${charged}),
        case when ${configured} and ${charged} then 'model'
          when not ${configured} then 'not_configured' else 'credits_exhausted' end
      from q returning *`,
  );
  const generation = db.$with('g', { id: sql<number>`id` }).as(
    sql`insert into generations (message_id, user_id, attempt, status, owner, cost, credit_source, model)
      select a.id, ${user}, 1, 'running', ${ph('owner')}::text, p.cost,
        case when p.cost > 0 then ${ph('creditSource')}::text end, ${ph('model')}::text
      from a, send_plan p where a.answer_kind = 'model' returning id`,
  );
  const stored = db.$with('f', { id: sql<string>`id` }).as(
    sql`insert into attachments (id, message_id, business_id, name, mime_type, type, size, storage_key, extracted_text)
      select v.id, q.id, v.business_id, v.name, v.mime_type, v.type, v.size, v.storage_key, v.extracted_text
      from q, (values ${files ?? NO_FILES}) as v(id, business_id, name, mime_type, type, size, storage_key, extracted_text)
      where v.id is not null returning id`,
  );
  const titled = db.$with('t', { title: sql<string>`title` }).as(
    sql`update chats set title = ${ph('title')}::text
      where id = ${chatId} and title = '' and ${ph('title')}::text <> '' and exists (select 1 from q)
      returning title`,
  );
  return db
    .with(plan, sendCount, q, debit.balance, debit.ledger, answer, generation, stored, titled)
    .select({
      chat: chats,
      business: businesses,
      planId: users.planId,
      cost: sql<number>`(select cost from send_plan)`,
      starterDue: sql<boolean>`(select starter_due from send_plan)`,
      sendHits: sql<number>`(select hits from send_count)`,
      sendRetryAfter: sql<number>`(select retry_after from send_count)`,
      seenId: sql<number | null>`(select m.id from messages m
        where m.chat_id = ${chats.id} and m.client_message_id = ${clientMessageId})`,
      question: sql<RawMessage | null>`(select row_to_json(q.*) from q)`,
      answer: sql<RawMessage | null>`(select row_to_json(a.*) from a)`,
      generationId: sql<number | null>`(select id from g)`,
      title: sql<string | null>`(select title from t)`,
      research: researchRefOf(businesses.id),
      plan: planOf(businesses.id),
      roadmap: roadmapOf(businesses.id),
      // The statement's snapshot is taken before its inserts: the history ends before this question.
      history: historyOf(chats.id),
    })
    .from(chats)
    .innerJoin(businesses, eq(businesses.id, chats.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(and(eq(chats.id, chatId), eq(chats.businessId, ph('businessId')), eq(businesses.userId, user)));
}

/** The VALUES list of a send without files: one row of nulls that the insert skips. */
const NO_FILES = sql`(null, null::int, null, null, null, null::int, null, null)`;

/** The send's statement for sends without files, prepared once (by the chat routes). */
export function prepareSend(db: Db) {
  return sendStatement(db).prepare('chat_send');
}

export type SendStatement = ReturnType<typeof prepareSend>;
export type SendRow = NonNullable<Awaited<ReturnType<SendStatement['execute']>>[number]>;

/** Runs the send's statement: the prepared one, or for a send with files one with their rows. */
export async function runSend(
  db: Db,
  prepared: SendStatement,
  values: SendValues,
  files: StoredFile[],
): Promise<SendRow | undefined> {
  if (files.length === 0) return (await prepared.execute({ ...values }))[0];
  const rows = files.map(
    (file) =>
      sql`(${file.id}, ${values.businessId}::int, ${file.name}, ${file.mimeType}, ${file.type}, ${file.data.byteLength}::int, ${file.key}, ${file.text})`,
  );
  return (await sendStatement(db, sql.join(rows, sql`, `)).execute({ ...values }))[0];
}

/** A send as its client names it: whose, in which chat, under which client message id. */
export interface SendKey {
  userId: number;
  chatId: number;
  clientMessageId: string;
}

/**
 * The read before a send with files (their reading and storing are worth doing once): it reserves the
 * send, counts it against the user's limit and says whether the caller owns the chat, what plan and
 * credits they have and whether the send is stored already. Its `reserved` is false while another
 * request holds the send.
 */
export async function reserveSend(db: Db, { userId, chatId, clientMessageId }: SendKey, businessId: number) {
  const [row] = await queryRows<{
    reserved: boolean;
    seen_id: number | null;
    hits: number;
    retry_after: number;
    plan_id: number;
    balance: number | null;
  }>(
    db,
    sql`with reservation as (${reserveSendSql(userId, chatId, clientMessageId)}),
        send_count as (${countWriteSql(userId, WRITE_LIMITS.sends)})
      select exists (select 1 from reservation) as reserved,
        (select m.id from messages m where m.chat_id = c.id and m.client_message_id = ${clientMessageId}) as seen_id,
        (select hits from send_count) as hits, (select retry_after from send_count) as retry_after,
        u.plan_id, (select b.balance from credit_balances b where b.user_id = u.id) as balance
      from chats c join businesses b on b.id = c.business_id join users u on u.id = b.user_id
      where c.id = ${chatId} and c.business_id = ${businessId} and u.id = ${userId}`,
  );
  return row;
}

/** Tries to take a send's reservation again: the stored question's id if the send was stored meanwhile. */
export async function retakeReservation(db: Db, { userId, chatId, clientMessageId }: SendKey) {
  const [row] = await queryRows<{ seen_id: number | null; reserved: boolean }>(
    db,
    sql`with reservation as (${reserveSendSql(userId, chatId, clientMessageId)})
        select (select m.id from messages m where m.chat_id = ${chatId}
                  and m.client_message_id = ${clientMessageId}) as seen_id,
               exists (select 1 from reservation) as reserved`,
  );
  return row;
}
