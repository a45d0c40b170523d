import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { signInFailures } from '../../db/schema/index.ts';

export const MAX_FAILED_SIGN_INS = 3;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts failed password sign-ins per client address and e-mail. After MAX_FAILED_SIGN_INS within
 * the window, further attempts are refused until the window passes (spec §8 'too-many-requests').
 * Kept in the database so that every app process sees the same count.
 */
export function createSignInLockout(db: Db) {
  const keyOf = (ip: string, email: string) => `${ip}|${email.trim().toLowerCase()}`;
  return {
    async isLocked(ip: string, email: string): Promise<boolean> {
      const rows = await queryRows<{ locked: boolean }>(
        db,
        sql`
        select count >= ${MAX_FAILED_SIGN_INS} as locked from ${signInFailures}
        where key = ${keyOf(ip, email)} and window_started_at > now() - make_interval(secs => ${LOCKOUT_WINDOW_MS / 1000})`,
      );
      return Boolean(rows[0]?.locked);
    },
    async recordFailure(ip: string, email: string): Promise<void> {
      await db.execute(sql`
        insert into ${signInFailures} (key, count, window_started_at) values (${keyOf(ip, email)}, 1, now())
        on conflict (key) do update set
          count = case when ${signInFailures.windowStartedAt} > now() - make_interval(secs => ${LOCKOUT_WINDOW_MS / 1000})
                  then ${signInFailures.count} + 1 else 1 end,
          window_started_at = case when ${signInFailures.windowStartedAt} > now() - make_interval(secs => ${LOCKOUT_WINDOW_MS / 1000})
                  then ${signInFailures.windowStartedAt} else now() end`);
    },
    async clear(ip: string, email: string): Promise<void> {
      await db.execute(sql`delete from ${signInFailures} where key = ${keyOf(ip, email)}`);
    },
  };
}
