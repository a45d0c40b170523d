import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { at, createdAt } from './columns.ts';

/**
 * Market-research runs (ADR 0016, product.md §3 'Research'). A run is worked by the `market-research` job
 * over stored steps: `plan` (the sub-questions), `notes` (what was gathered per question) and
 * `sections` (each written section, keyed by REPORT_SECTIONS' key), so a retry or a restart resumes
 * and never redoes a finished step. `heartbeat_at` is refreshed while a process works on it; the
 * watchdog requeues a running run whose heartbeat stopped (`attempts` times at most), then fails it.
 */
export const researches = pgTable(
  'researches',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    maxTokens: integer('max_tokens').notNull(),
    status: text('status', { enum: ['pending', 'running', 'completed', 'failed', 'disabled'] }).notNull(),
    mode: text('mode', { enum: ['web', 'model', 'none'] }),
    stage: text('stage', { enum: ['queued', 'planning', 'gathering', 'writing', 'checking', 'done'] })
      .notNull()
      .default('queued'),
    progress: integer('progress_permille').notNull().default(0),
    /** The sub-questions: [{ id, question, query }]. */
    plan: jsonb('plan'),
    /** What was gathered, by sub-question id: { [id]: { text, sources: number[] } }. */
    notes: jsonb('notes').notNull().default(sql`'{}'::jsonb`),
    /** Written sections, by key: { [key]: ReportSection }. */
    sections: jsonb('sections').notNull().default(sql`'{}'::jsonb`),
    /** What could not be researched (budget, time or failures), in Spanish. */
    missing: jsonb('missing').notNull().default(sql`'[]'::jsonb`),
    partial: boolean('partial').notNull().default(false),
    /** The report's summary, for the advisor's prompt. */
    summary: text('summary'),
    tokensUsed: integer('tokens_used').notNull().default(0),
    /** Times the run was started (the first run and each requeue after its process died). */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    heartbeatAt: at('heartbeat_at'),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    /**
     * The start of the billing period the run counts in (ADR 0049): set when a plan with research lets it
     * work (at its request, at the plan change that started it, or when it is first claimed), so a run
     * requested during onboarding counts in the period the plan then began.
     */
    periodStart: at('period_start'),
    /**
     * The e-mail that tells the owner the run ended (ADR 0050): 'due' in the same statement that ends the
     * run, 'sending' while a worker has it (since `mail_at`), then 'sent' or 'skipped' (opted out, or a
     * scaffold that researched nothing). Null while the run works, and for runs from before.
     */
    mailState: text('mail_state', { enum: ['due', 'sending', 'sent', 'skipped'] }),
    mailAt: at('mail_at'),
  },
  (t) => [
    index('researches_business_id_idx').on(t.businessId, t.id),
    index('researches_status_idx').on(t.status),
    // At most one run under way per business: concurrent requests (the server's own start at creation
    // and the browser's, 1 s later) meet here and share the run.
    uniqueIndex('researches_one_active').on(t.businessId).where(sql`${t.status} in ('pending', 'running')`),
    index('researches_mail_due_idx').on(t.mailState).where(sql`${t.mailState} in ('due', 'sending')`),
    check('researches_progress_range', sql`${t.progress} between 0 and 1000`),
  ],
);

/** A run's timeline (the SSE stream replays it from `Last-Event-ID` = seq). */
export const researchEvents = pgTable(
  'research_events',
  {
    id: serial('id').primaryKey(),
    researchId: integer('research_id')
      .notNull()
      .references(() => researches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    /** { label (Spanish), stage, progress } and what the type adds. */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('research_events_seq').on(t.researchId, t.seq)],
);

/**
 * The pages a `web` run read: the only things its report may cite, by number. `url` is the normalised
 * address (no tracking parameters, fragment or trailing slash), so one page is one source.
 */
export const researchSources = pgTable(
  'research_sources',
  {
    id: serial('id').primaryKey(),
    researchId: integer('research_id')
      .notNull()
      .references(() => researches.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /**
     * The page's readable text (at most PAGE_TEXT_MAX_CHARS): what the check reads to decide whether the
     * source supports a claim, and the quote it keeps comes from.
     */
    text: text('text').notNull().default(''),
    /** A hash of the normalised text: the same page under another address is one source. */
    contentHash: text('content_hash'),
    fetchedAt: at('fetched_at').notNull().defaultNow(),
  },
  (t) => [
    unique('research_sources_number').on(t.researchId, t.number),
    unique('research_sources_url').on(t.researchId, t.url),
    index('research_sources_content_idx').on(t.researchId, t.contentHash),
  ],
);
