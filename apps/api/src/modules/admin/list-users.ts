import { ADMIN_USERS_PAGE_SIZE, type AdminUsers, UNLIMITED_PLAN } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** `%`, `_` and `\` typed in the search box are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The console's users table: newest first, searched by e-mail or name, a page at a time. */
export async function listUsers(
  db: Db,
  query: { q?: string | undefined; page: number },
): Promise<AdminUsers> {
  const search = query.q
    ? sql`where u.email ilike ${likePattern(query.q)} or u.full_name ilike ${likePattern(query.q)}`
    : sql``;
  const offset = (query.page - 1) * ADMIN_USERS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    queryRows<{
      id: number;
      email: string;
      full_name: string;
      plan_id: number;
      balance: number | null;
      businesses: number;
      created_at: string;
      last_seen: string | null;
    }>(
      db,
      sql`select u.id, u.email, u.full_name, u.plan_id, cb.balance,
            (select count(*) from businesses b where b.user_id = u.id)::int as businesses,
            to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
            to_char(greatest(
              (select max(s.updated_at) from sessions s where s.user_id = u.id),
              (select max(e.created_at) from analytics_events e where e.user_id = u.id)
            ) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_seen
          from users u left join credit_balances cb on cb.user_id = u.id
          ${search}
          order by u.id desc limit ${ADMIN_USERS_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u ${search}`),
  ]);
  return {
    users: rows.map(({ balance, ...row }) => ({
      ...row,
      credits: row.plan_id === UNLIMITED_PLAN ? null : Math.max(0, Number(balance ?? 0)),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: ADMIN_USERS_PAGE_SIZE,
  };
}
