import type { AnswerKind } from '@rumbo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, queryRowsNamed } from '../../../db/client.ts';
import { businesses, chats, users } from '../../../db/schema/index.ts';
import { countWriteSql, WRITE_LIMITS } from '../../../lib/write-counters.ts';
import { debitCtes } from '../../credits/credits.ts';
import { historyOf, planOf, researchRefOf, roadmapOf } from '../engine/model-context.ts';
import type { RawMessage } from '../rows.ts';
import type { CheckedAttachment } from './attachments.ts';
import { reserveSendSql } from './send-reservations.ts';

/**
 * The send's two round trips (architecture.md §4): the read at its start, and the one statement that
 * stores the question, charges it, stores the answer and claims its generation.
 */

/**
 * The read at the start of every send, prepared once (a named statement on PostgreSQL): the chat and
 * business owned by the caller, the plan and credit balance, an earlier send with this client id, which
 * study is the latest completed (its report is kept in memory) and the history; it also counts the send
 * against the user's limit and reserves it. Building and planning it for every send was a good share of a
 * send's cost under load.
 */
export function prepareSendRead(db: Db) {
  const ph = sql.placeholder;
  const reservation = db
    .$with('reservation', { reserved: sql<number>`reserved` })
    .as(reserveSendSql(ph('userId'), ph('chatId'), ph('clientMessageId')));
  const sendCount = db
    .$with('send_count', { hits: sql<number>`hits`, retryAfter: sql<number>`retry_after` })
    .as(countWriteSql(sql`${ph('userId')}`, WRITE_LIMITS.sends));
  return db
    .with(reservation, sendCount)
    .select({
      reserved: sql<boolean>`exists (select 1 from ${reservation})`,
      sendHits: sql<number>`(select hits from ${sendCount})`,
      sendRetryAfter: sql<number>`(select retry_after from ${sendCount})`,
      chat: chats,
      business: businesses,
      planId: users.planId,
      seenId: sql<number | null>`(select m.id from messages m
        where m.chat_id = ${chats.id} and m.client_message_id = ${ph('clientMessageId')})`,
      balance: sql<number | null>`(select b.balance from credit_balances b where b.user_id = ${users.id})`,
      research: researchRefOf(businesses.id),
      plan: planOf(businesses.id),
      roadmap: roadmapOf(businesses.id),
      history: historyOf(chats.id),
    })
    .from(chats)
    .innerJoin(businesses, eq(businesses.id, chats.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(
      and(
        eq(chats.id, ph('chatId')),
        eq(chats.businessId, ph('businessId')),
        eq(businesses.userId, ph('userId')),
      ),
    )
    .prepare('chat_send_read');
}

export type SendReadStatement = ReturnType<typeof prepareSendRead>;
export type SendRead = NonNullable<Awaited<ReturnType<SendReadStatement['execute']>>[number]>;

/** A send as its client names it: whose, in which chat, under which client message id. */
export interface SendKey {
  userId: number;
  chatId: number;
  clientMessageId: string;
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

/** A file of the question, checked and named in storage. */
export type StoredFile = CheckedAttachment & { id: string; key: string };

export interface StoreSend {
  userId: number;
  businessId: number;
  chatId: number;
  clientMessageId: string;
  content: string;
  files: StoredFile[];
  /** The chat's title from the question, when it has none yet. */
  title: string | null;
  /** What the answer costs, and the debit's source (null when it costs nothing). */
  cost: number;
  creditSource: string | null;
  /** Whether a model answers (else the answer is `fixedAnswer`). */
  configured: boolean;
  /** The answer stored when the model is not asked: no credits for it, or no model. */
  fixedAnswer: string;
  fixedKind: AnswerKind;
  /** This process (the generation's claim) and the model's label. */
  owner: string;
  model: string | null;
}

/**
 * Stores the question after the chat's shown branch (unless a send with its client id is stored
 * already: then no row), charges it
 * (the credits module's SQL), stores its answer, claims the answer's generation for this process, the
 * question's files and the chat's first title, in one statement.
 */
export async function storeSend(db: Db, send: StoreSend) {
  const { userId, chatId, content, clientMessageId, cost, creditSource, configured, fixedAnswer } = send;
  const { title, fixedKind } = send;
  const charged = creditSource ? sql`exists (select 1 from debit_balance)` : sql`true`;
  const files = send.files.map(
    (file) =>
      sql`(${file.id}, ${send.businessId}::int, ${file.name}, ${file.mimeType}, ${file.type}, ${file.data.byteLength}::int, ${file.key}, ${file.text})`,
  );
  const [row] = await queryRowsNamed<{
    question: RawMessage;
    answer: RawMessage;
    generation_id: number | null;
    title: string | null;
  }>(
    db,
    'chat_send_store',
    sql`with q as (
          insert into messages (chat_id, sender, content, client_message_id, finished, parent_id)
          values (${chatId}, 'user', ${content}, ${clientMessageId}, true,
            (select max(id) from messages where chat_id = ${chatId} and shown))
          on conflict do nothing returning *),
        ${creditSource ? sql`${debitCtes(userId, cost, creditSource, sql`exists (select 1 from q)`)},` : sql``}
        a as (
          insert into messages (chat_id, sender, reply_to, parent_id, content, finished, answer_kind)
          select q.chat_id, 'ai_model', q.id, q.id,
            case when ${configured} and ${charged} then '' else ${fixedAnswer} end,
            not (${configured} and ${charged}),
            case when ${configured} and ${charged} then 'model' else ${fixedKind} end
          from q returning *),
        g as (
          insert into generations (message_id, user_id, attempt, status, owner, cost, credit_source, model)
          select a.id, ${userId}, 1, 'running', ${send.owner}, ${cost}, ${creditSource}, ${send.model}
          from a where a.answer_kind = 'model' returning id),
        f as (
          insert into attachments (id, message_id, business_id, name, mime_type, type, size, storage_key, extracted_text)
          select v.id, q.id, v.business_id, v.name, v.mime_type, v.type, v.size, v.storage_key, v.extracted_text
          from q, (values ${files.length > 0 ? sql.join(files, sql`, `) : sql`(null, null::int, null, null, null, null::int, null, null)`})
            as v(id, business_id, name, mime_type, type, size, storage_key, extracted_text)
          where v.id is not null returning id),
        t as (
          update chats set title = ${title ?? ''} where id = ${chatId} and title = '' and ${title !== null}
            and exists (select 1 from q) returning title)
        select row_to_json(q.*) as question, row_to_json(a.*) as answer,
          (select id from g) as generation_id, (select title from t) as title
        from q, a`,
  );
  return row;
}
