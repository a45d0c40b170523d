import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

const DELETE_BATCH = 10_000;

/**
 * Deletes events older than the retention period, and their daily counts, in batches: a year of
 * events must not become one long transaction that holds the table.
 */
export async function deleteExpiredEvents(db: Db, retentionDays: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`delete from analytics_events where id in (
            select id from analytics_events
            where created_at < now() - make_interval(days => ${retentionDays})
            limit ${DELETE_BATCH})
          returning id`,
    );
    deleted += rows.length;
    if (rows.length < DELETE_BATCH) break;
  }
  await db.execute(
    sql`delete from analytics_daily where day < (now() at time zone 'UTC')::date - ${retentionDays}::int`,
  );
  return deleted;
}
