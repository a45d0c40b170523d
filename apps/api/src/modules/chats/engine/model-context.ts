import type { LanguageModelV3Message } from '@ai-sdk/provider';
import { FAILED_ANSWER_CONTENT } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Assistant } from '../../../ai/assistant.ts';
import { type PromptMessage, toModelMessages } from '../../../ai/context.ts';
import { mentorSystemPrompt } from '../../../ai/prompts/mentor.es.ts';
import { type PlanForPrompt, planBlock } from '../../../ai/prompts/plan-context.es.ts';
import { citationCleaner, researchBlock } from '../../../ai/prompts/research-context.es.ts';
import {
  ROADMAP_DONE_DAYS,
  type RoadmapForPrompt,
  roadmapBlock,
} from '../../../ai/prompts/roadmap-context.es.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { latestStudyId, type StudyReport, studyReportJson } from '../../../db/latest-study.ts';
import { businesses } from '../../../db/schema/index.ts';
import { toBusiness } from '../../businesses/business-wire.ts';
import type { FileStorage } from '../../files/storage.ts';
import type { BusinessRow, HistoryRow } from '../rows.ts';

/**
 * What the model is asked for an answer (architecture.md §4, Context): the only place of the chat
 * module that knows the prompts.
 */

/** What the model is asked: enough to start an answer before its rows are stored. */
export interface ModelRequest {
  system: string;
  messages: LanguageModelV3Message[];
  /**
   * How the finished answer is stored, when the business has a report: `[n]` and addresses that are not
   * its sources removed (research-context.es.ts, `citationCleaner`).
   */
  finish?: (text: string) => { text: string; removed: number };
}

/** A file of the question just received, read from memory rather than from storage. */
export interface Upload {
  name: string;
  data: Uint8Array;
}

export interface ContextDeps {
  db: Db;
  storage: FileStorage;
  assistant: Assistant;
  productName: string;
}

/** The business's currency: an idea's investment currency, an established business's billing one. */
const currencyOf = (business: BusinessRow): 'EUR' | 'USD' =>
  (business.stage === 'idea' ? business.investmentCurrency : business.billingCurrency) === 'dollar'
    ? 'USD'
    : 'EUR';

/** Messages of the chat read for the model's context (the token budget trims them further). */
const HISTORY_ROWS = 60;

/** A message row `m` as the history reads it, with its attachments. */
const historyColumns = sql`m.id, m.sender, m.content, m.finished, m.answer_kind,
      (select json_agg(json_build_object('name', a.name, 'type', a.type, 'text', a.extracted_text,
                'key', a.storage_key, 'mime', a.mime_type) order by a.created_at)
         from attachments a where a.message_id = m.id) as files`;

/**
 * The last HISTORY_ROWS messages of the branch a chat shows (ADR 0043), with their attachments, oldest
 * first, as JSON: what a new question follows.
 */
export const historyOf = (chatId: unknown) =>
  sql<HistoryRow[] | null>`(select json_agg(h order by h.id) from (
    select ${historyColumns}
    from messages m where m.chat_id = ${chatId} and m.shown
    order by m.id desc limit ${HISTORY_ROWS}) h)`;

/**
 * The HISTORY_ROWS messages before an answer on its own branch (its question first), oldest first, as
 * JSON: the context of an answer asked again, whichever branch the chat shows meanwhile.
 */
const ancestryOf = (answerId: number) =>
  sql<HistoryRow[] | null>`(select json_agg(h order by h.id) from (
    with recursive up(id, depth) as (
      select parent_id, 1 from messages where id = ${answerId}
      union all
      select p.parent_id, up.depth + 1 from up join messages p on p.id = up.id
      where up.depth < ${HISTORY_ROWS})
    select ${historyColumns} from up join messages m on m.id = up.id) h)`;

/** Which completed study a business's latest is: what a send reads with its other rows. */
export interface ResearchRef {
  id: number;
  completed_at: string;
}

/**
 * Which study that is (a scalar subquery): what a send reads, the report itself coming from the reports
 * this process keeps (`keptReport`).
 */
export const researchRefOf = (businessId: unknown) =>
  sql<ResearchRef | null>`(select json_build_object('id', r.id, 'completed_at', r.completed_at)
    from researches r where r.id = ${latestStudyId(businessId)})`;

/**
 * The reports of completed studies this process has read, by study and completion time. A completed
 * report never changes, so each is read once rather than with every send: under load its JSON was most of
 * the embedded database's work per send (ADR 0057). Bounded by size, and an hour at most.
 */
const keptReports = new LRUCache<string, StudyReport>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (report) => JSON.stringify(report).length * 2,
  ttl: 60 * 60 * 1000,
});

async function keptReport(db: Db, ref: ResearchRef): Promise<StudyReport | null> {
  const key = `${ref.id}:${ref.completed_at}`;
  const kept = keptReports.get(key);
  if (kept) return kept;
  const [row] = await queryRows<{ report: StudyReport }>(
    db,
    sql`select ${studyReportJson} as report from researches r where r.id = ${ref.id} and r.status = 'completed'`,
  );
  if (row) keptReports.set(key, row.report);
  return row?.report ?? null;
}

/** The business's saved financial plan (a scalar subquery): its key figures go into the prompt (ADR 0041). */
export const planOf = (businessId: unknown) =>
  sql<Omit<PlanForPrompt, 'currency'> | null>`(select json_build_object('assumptions', p.assumptions,
      'scenarios', p.scenarios) from financial_plans p where p.business_id = ${businessId})`;

/**
 * The business's roadmap for the prompt (a scalar subquery, ADR 0055): its open tasks in order, those done
 * in the last ROADMAP_DONE_DAYS days and when the founder last asked something about this business (in a
 * send, the question before this one); null without a roadmap.
 */
export const roadmapOf = (businessId: unknown) =>
  sql<RoadmapForPrompt | null>`(select json_build_object(
      'open', (select json_agg(json_build_object('title', t.title, 'status', t.status, 'kind', t.kind,
                 'done_when', t.done_when, 'due_date', t.due_date, 'milestone', m.title, 'stage', m.stage)
                 order by (t.status = 'en_curso') desc, m.position, t.position)
               from roadmap_tasks t join roadmap_milestones m on m.id = t.milestone_id
               where t.business_id = r.business_id and t.status in ('pendiente', 'en_curso')),
      'done', (select json_agg(json_build_object('title', t.title, 'completed_at', t.completed_at)
                 order by t.completed_at desc)
               from roadmap_tasks t
               where t.business_id = r.business_id and t.status = 'hecha'
                 and t.completed_at > now() - ${sql.raw(`interval '${ROADMAP_DONE_DAYS} days'`)}),
      'last_talk', (select m.time from messages m join chats c on c.id = m.chat_id
                    where c.business_id = r.business_id and m.sender = 'user'
                    order by m.time desc limit 1))
    from roadmaps r where r.business_id = ${businessId})`;

/**
 * What the model is asked, from the business and the chat's history (oldest first, question last).
 * `uploads` are the question's files just received, read from memory rather than from storage.
 */
export interface ContextInput {
  business: BusinessRow;
  researchRef: ResearchRef | null;
  rows: HistoryRow[];
  uploads?: Upload[];
  plan?: Omit<PlanForPrompt, 'currency'> | null;
  roadmap?: RoadmapForPrompt | null;
}

export async function buildContext(deps: ContextDeps, input: ContextInput): Promise<ModelRequest> {
  const { assistant, storage, productName } = deps;
  const { business, researchRef, rows, uploads = [], plan = null, roadmap = null } = input;
  const research = researchRef && (await keptReport(deps.db, researchRef));
  const usable = rows.filter(
    (m) =>
      m.sender === 'user' || (m.finished && m.content !== FAILED_ANSWER_CONTENT && m.answer_kind === 'model'),
  );
  const last = usable.at(-1);
  const history: PromptMessage[] = [];
  for (const m of usable) {
    const own = m.files ?? [];
    const prompt: PromptMessage = {
      sender: m.sender,
      content: m.content,
      attachments: own.map((f) => ({ name: f.name, type: f.type, text: f.text })),
    };
    if (m === last && assistant.vision) {
      prompt.images = [];
      for (const image of own.filter((f) => f.type === 'image')) {
        const data = uploads.find((u) => u.name === image.name)?.data ?? (await storage.get(image.key));
        if (data) prompt.images.push({ data: new Uint8Array(data), mediaType: image.mime });
      }
    }
    history.push(prompt);
  }
  return {
    system: mentorSystemPrompt({
      productName,
      business: toBusiness(business),
      research: research && researchBlock(research, last?.sender === 'user' ? last.content : ''),
      plan: plan && planBlock({ ...plan, currency: currencyOf(business) }),
      roadmap: roadmap && roadmapBlock(roadmap),
      today: new Date(),
    }),
    messages: toModelMessages(history, { imagesVisible: assistant.vision }),
    ...(research ? { finish: citationCleaner(research) } : {}),
  };
}

/** The context of an answer asked again (a retry, a new version): the messages before it on its branch. */
export async function contextBefore(
  deps: ContextDeps,
  business: BusinessRow,
  answerId: number,
): Promise<ModelRequest> {
  const [row] = await deps.db
    .select({
      history: ancestryOf(answerId),
      research: researchRefOf(business.id),
      plan: planOf(business.id),
      roadmap: roadmapOf(business.id),
    })
    .from(businesses)
    .where(eq(businesses.id, business.id));
  return buildContext(deps, {
    business,
    researchRef: row?.research ?? null,
    rows: row?.history ?? [],
    plan: row?.plan ?? null,
    roadmap: row?.roadmap ?? null,
  });
}
