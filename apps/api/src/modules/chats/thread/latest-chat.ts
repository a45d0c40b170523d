import type { LatestChat } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';

/**
 * The user's most recently active thread across their businesses (the home's 'Continuar la última
 * conversación'): the one with the newest message. Threads with no message yet are not offered. Each
 * chat's last message is found on messages(chat_id, id), so the cost grows with the user's chats only.
 */
export async function latestChat(db: Db, userId: number): Promise<LatestChat> {
  const [row] = await queryRows<{
    id: number;
    title: string;
    business_id: number;
    business_name: string;
    business_stage: 'idea' | 'established';
    active_at: string;
  }>(
    db,
    sql`select c.id, c.title, b.id as business_id, b.name as business_name, b.stage as business_stage,
          to_char(m.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as active_at
        from businesses b
        join chats c on c.business_id = b.id
        join lateral (
          select time from messages where chat_id = c.id order by id desc limit 1
        ) m on true
        where b.user_id = ${userId}
        order by m.time desc, c.id desc
        limit 1`,
  );
  return { chat: row ?? null };
}
