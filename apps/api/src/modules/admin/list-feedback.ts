import { ADMIN_FEEDBACK_PAGE_SIZE, type AdminFeedback } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/**
 * The console's feedback section (ADR 0047): the comments sent from the home's form and the ratings
 * users gave to answers, newest first, one page of each (both read on their created_at index).
 */
export async function listFeedback(db: Db, query: { page: number }): Promise<AdminFeedback> {
  const offset = (query.page - 1) * ADMIN_FEEDBACK_PAGE_SIZE;
  const [comments, ratings, [totals]] = await Promise.all([
    queryRows<AdminFeedback['comments'][number]>(
      db,
      sql`select f.id, u.email as user_email, f.message, f.page, ${iso('f.created_at')} as created_at
          from product_feedback f join users u on u.id = f.user_id
          order by f.created_at desc, f.id desc
          limit ${ADMIN_FEEDBACK_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<AdminFeedback['ratings'][number]>(
      db,
      sql`select r.message_id, u.email as user_email, r.rating, r.reason, ${iso('r.created_at')} as created_at
          from message_feedback r join users u on u.id = r.user_id
          order by r.created_at desc, r.message_id desc
          limit ${ADMIN_FEEDBACK_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ comments: number; ratings: number }>(
      db,
      sql`select (select count(*) from product_feedback)::int as comments,
                 (select count(*) from message_feedback)::int as ratings`,
    ),
  ]);
  return {
    comments,
    comments_total: totals?.comments ?? 0,
    ratings,
    ratings_total: totals?.ratings ?? 0,
    page: query.page,
    page_size: ADMIN_FEEDBACK_PAGE_SIZE,
  };
}
