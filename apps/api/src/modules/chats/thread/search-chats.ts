import {
  CHAT_SEARCH_MAX_RESULTS,
  type ChatSearchHit,
  SEARCH_MARK_END,
  SEARCH_MARK_START,
} from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { ownedBusiness } from '../../../db/owned-business.ts';
import type { BusinessRef } from '../owned.ts';
import { toChat } from '../wire.ts';
import { buildSnippet, markedWords } from './search-snippet.ts';

/**
 * ts_headline only finds the matched words here (on the folded text, every one in one fragment). Angle
 * brackets become spaces first: its parser reads `<b>` as a tag and then leaves the word after it unmarked.
 */
const HEADLINE_OPTIONS = `StartSel=${SEARCH_MARK_START}, StopSel=${SEARCH_MARK_END}, HighlightAll=true`;

/**
 * Each word of the search as a prefix (`financ` finds 'financiación'), all of them required; only
 * letters and digits reach `to_tsquery`, whose own syntax must not be typed by the user.
 */
export function prefixQuery(q: string): string {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((word) => `${word}:*`).join(' & ');
}

interface HitRow {
  chat_id: number;
  business_id: number;
  title: string;
  start_time: string;
  message_id: number | null;
  text: string;
  headline: string;
}

/**
 * Spanish full-text search over the titles and messages of one business's threads, accents ignored
 * (`rumbo_unaccent` on both sides: the expression of the GIN indexes of migration 0007, so that they
 * are used). Messages are searched once finished, as they are indexed (migration 0014): an answer still
 * being written is found when it ends. The query is the search as typed (websearch syntax: quotes, -word) or each word as a
 * prefix. One hit per thread, newest thread first; the snippet comes from its latest matching message,
 * else from its title (search-snippet.ts).
 */
export async function searchChats(
  db: Db,
  { userId, businessId }: BusinessRef,
  q: string,
): Promise<ChatSearchHit[]> {
  await ownedBusiness(db, { userId, businessId });
  const prefix = prefixQuery(q);
  const query = prefix
    ? sql`websearch_to_tsquery('spanish', rumbo_unaccent(${q})) || to_tsquery('spanish', rumbo_unaccent(${prefix}))`
    : sql`websearch_to_tsquery('spanish', rumbo_unaccent(${q}))`;
  const rows = await queryRows<HitRow>(
    db,
    sql`with q as (select ${query} as query),
      matched_messages as (
        select distinct on (m.chat_id) m.chat_id, m.id, m.content
        from messages m join chats c on c.id = m.chat_id, q
        where c.business_id = ${businessId} and m.shown and m.finished
          and to_tsvector('spanish', rumbo_unaccent(m.content)) @@ q.query
        order by m.chat_id, m.id desc),
      hits as (
        select c.id, c.business_id, c.title, c.start_time, mm.id as message_id, mm.content
        from chats c left join matched_messages mm on mm.chat_id = c.id, q
        where c.business_id = ${businessId}
          and (mm.id is not null or to_tsvector('spanish', rumbo_unaccent(c.title)) @@ q.query)
        order by c.id desc
        limit ${CHAT_SEARCH_MAX_RESULTS})
      select hits.id as chat_id, hits.business_id, hits.title, hits.start_time, hits.message_id,
        coalesce(hits.content, hits.title) as text,
        ts_headline('spanish', rumbo_unaccent(translate(coalesce(hits.content, hits.title), ${`<>${SEARCH_MARK_START}${SEARCH_MARK_END}`}, '  ')), q.query, ${HEADLINE_OPTIONS}) as headline
      from hits, q
      order by hits.id desc`,
  );
  return rows.map((row) => ({
    chat: toChat({
      id: Number(row.chat_id),
      businessId: Number(row.business_id),
      title: row.title,
      titleGenerated: false,
      startTime: new Date(row.start_time),
    }),
    message_id: row.message_id === null ? null : Number(row.message_id),
    snippet: buildSnippet(row.text, markedWords(row.headline)),
  }));
}
