import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { businesses } from './businesses.ts';
import { at } from './columns.ts';

/** A thread of one business (product.md §3 'Chat'). `title_generated`: the model named it (else first words). */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    titleGenerated: boolean('title_generated').notNull().default(false),
    startTime: at('start_time').notNull().defaultNow(),
  },
  (t) => [
    index('chats_business_id_idx').on(t.businessId, t.id),
    index('chats_title_search_idx').using('gin', sql`to_tsvector('spanish', rumbo_unaccent(${t.title}))`),
  ],
);

/**
 * product.md §3 'Message'. A user message carries the client's idempotency key (`client_message_id`,
 * unique per chat); an answer points at its question (`reply_to`). An answer's `content` grows while
 * it is generated and `finished` turns true when it is complete, stopped or failed ('error').
 *
 * A chat is a tree (ADR 0043): each message follows `parent_id` (null: a first question). A regenerated
 * answer or an edited question is a new row, a version of the first (`version_of`), beside the earlier
 * ones. `shown` marks the branch the chat shows and continues from (ids grow along it); `selected_at`
 * says which child of a message was last shown, so a branch shown again comes back as it was left.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['user', 'ai_model'] }).notNull(),
    content: text('content').notNull().default(''),
    finished: boolean('finished').notNull().default(true),
    clientMessageId: text('client_message_id'),
    replyTo: integer('reply_to'),
    /** How the answer came to be: 'model', 'credits_exhausted', 'not_configured' (answers only). */
    answerKind: text('answer_kind'),
    /** The process generating this answer died: `content` is what it had saved (refunded, retryable). */
    interrupted: boolean('interrupted').notNull().default(false),
    time: at('time').notNull().defaultNow(),
    parentId: integer('parent_id'),
    versionOf: integer('version_of'),
    shown: boolean('shown').notNull().default(true),
    selectedAt: at('selected_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_chat_id_idx').on(t.chatId, t.id),
    // Thread search (Spanish full text, accents ignored): `rumbo_unaccent` is created by migration 0007.
    // Finished messages only: a growing answer's text changes at every flush, and indexing it again each
    // time (its whole text, stemmed) cost more than all the rest of storing it (migration 0014).
    index('messages_search_idx')
      .using('gin', sql`to_tsvector('spanish', rumbo_unaccent(${t.content}))`)
      .where(sql`${t.finished}`),
    uniqueIndex('messages_chat_client_id_unique').on(t.chatId, t.clientMessageId),
    index('messages_reply_to_idx').on(t.replyTo),
    index('messages_parent_id_idx').on(t.parentId),
    index('messages_version_of_idx').on(t.versionOf),
    check('messages_sender', sql`${t.sender} in ('user', 'ai_model')`),
  ],
);

/**
 * Files attached to a user message (product.md §3 'File attachment'). The bytes live in the file storage
 * under `storage_key`; `extracted_text` is read once at upload (PDF, DOCX, TXT). `business_id` lets
 * the business's deletion find the files to remove.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: text('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    type: text('type', { enum: ['image', 'document', 'other'] }).notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    extractedText: text('extracted_text'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('attachments_message_id_idx').on(t.messageId),
    index('attachments_business_id_idx').on(t.businessId),
  ],
);

export const GENERATION_STATUSES = ['running', 'finished', 'stopped', 'failed', 'interrupted'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/**
 * One attempt at generating an answer. It is inserted already claimed (`running`, `owner` = the
 * process that runs it), so two processes can never run the same attempt; `heartbeat_at` is renewed
 * while it runs, and a running row whose heartbeat is old belonged to a process that died: it is
 * interrupted (its saved text kept) and refunded. A retry after a failure is a new attempt (unique per answer).
 */
export const generations = pgTable(
  'generations',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: GENERATION_STATUSES }).notNull(),
    owner: text('owner').notNull(),
    /** The credits taken for this attempt (0: none) and the ledger source of that debit (its refund's key). */
    cost: integer('cost').notNull().default(0),
    creditSource: text('credit_source'),
    stopRequested: boolean('stop_requested').notNull().default(false),
    model: text('model'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    error: text('error'),
    startedAt: at('started_at').notNull().defaultNow(),
    heartbeatAt: at('heartbeat_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('generations_message_attempt_unique').on(t.messageId, t.attempt),
    index('generations_running_idx').on(t.heartbeatAt).where(sql`${t.status} = 'running'`),
    // The operator's console counts answers per day.
    index('generations_started_at_idx').on(t.startedAt),
    check(
      'generations_status',
      sql`${t.status} in ('running', 'finished', 'stopped', 'failed', 'interrupted')`,
    ),
  ],
);

/**
 * The request that may ask the model early for a send (its client message id), before the send is
 * stored: one per send at a time, so that concurrent retries of one send never reach the model twice.
 * Deleted when the send is stored or given up; one older than the send's time limit is taken over.
 */
export const sendReservations = pgTable(
  'send_reservations',
  {
    userId: integer('user_id').notNull(),
    chatId: integer('chat_id').notNull(),
    clientMessageId: text('client_message_id').notNull(),
    reservedAt: at('reserved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatId, t.clientMessageId] })],
);

/**
 * A thumbs up or down on one answer, with an optional reason, kept for the operator. One per answer
 * (the user can change their mind); it goes with the answer when the answer is deleted.
 */
export const messageFeedback = pgTable(
  'message_feedback',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: ['up', 'down'] }).notNull(),
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('message_feedback_created_at_idx').on(t.createdAt),
    check('message_feedback_rating', sql`${t.rating} in ('up', 'down')`),
  ],
);
