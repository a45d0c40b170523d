import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { signInFailures } from '../../db/schema/index.ts';

/** Password attempts one address may make on one account within LOCKOUT_WINDOW_MS (product.md §8). */
export const MAX_FAILED_SIGN_INS = 3;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** Password attempts all addresses together may make on one account within ACCOUNT_WINDOW_MS. */
export const ACCOUNT_MAX_ATTEMPTS = 10;
export const ACCOUNT_WINDOW_MS = 60 * 1000;

const accountHash = (account: string) =>
  crypto.createHash('sha256').update(account.trim().toLowerCase()).digest('base64url');
/** The key of the counter of one client address's attempts on one account. */
export const pairKey = (ip: string, account: string) => `${ip}|${accountHash(account)}`;
/** The key of the counter of an account's attempts from anywhere ('*' is never a client address). */
export const accountKey = (account: string) => `*|${accountHash(account)}`;

/**
 * Counts password attempts (sign-in and every endpoint that checks a password) in the database, so
 * that every app process sees the same counts (ADR 0014):
 * - per client address and account: MAX_FAILED_SIGN_INS within LOCKOUT_WINDOW_MS, then refused until
 *   the window passes;
 * - per account from all addresses together: ACCOUNT_MAX_ATTEMPTS within the short ACCOUNT_WINDOW_MS,
 *   a slowdown that whoever holds other addresses cannot turn into a long lockout of the owner.
 * An attempt is counted before its password is checked, in one statement that also says whether it may
 * go on, so that concurrent attempts cannot all pass a count taken before any of them failed. A
 * successful attempt is taken back and clears its address's count.
 * The account is named in a counter's key by the SHA-256 of its e-mail, so that a key stays short
 * whatever was typed (a primary key's entry must fit in an index row; ADR 0026).
 */
export function createSignInLockout(db: Db) {
  /** An upsert that counts one more attempt unless `max` were already counted within `windowMs`. */
  const countAttempt = (windowMs: number, max: number) => {
    const open = sql`f.window_started_at > now() - make_interval(secs => ${windowMs / 1000})`;
    return sql`on conflict (key) do update set
      count = case when ${open} then f.count + 1 else 1 end,
      window_started_at = case when ${open} then f.window_started_at else now() end
      where not (${open}) or f.count < ${max}
      returning 1`;
  };
  return {
    /** Counts an attempt whose password is about to be checked; false: refuse it unchecked. */
    async begin(ip: string, account: string): Promise<boolean> {
      const [row] = await queryRows<{ pair: boolean; account: boolean }>(
        db,
        sql`
        with pair as (
          insert into ${signInFailures} as f (key, count, window_started_at)
          values (${pairKey(ip, account)}, 1, now())
          ${countAttempt(LOCKOUT_WINDOW_MS, MAX_FAILED_SIGN_INS)}
        ), account as (
          insert into ${signInFailures} as f (key, count, window_started_at)
          select ${accountKey(account)}, 1, now() from pair
          ${countAttempt(ACCOUNT_WINDOW_MS, ACCOUNT_MAX_ATTEMPTS)}
        )
        select exists (select 1 from pair) as pair, exists (select 1 from account) as account`,
      );
      if (row?.account) return true;
      // Refused for the account's sake only: that attempt must not use up the address's own allowance.
      if (row?.pair) {
        await db.execute(
          sql`update ${signInFailures} set count = count - 1 where key = ${pairKey(ip, account)} and count > 0`,
        );
      }
      return false;
    },
    /** The attempt gave the right password: it no longer counts, nor do that address's failures. */
    async succeeded(ip: string, account: string): Promise<void> {
      await db.execute(sql`
        with cleared as (delete from ${signInFailures} where key = ${pairKey(ip, account)})
        update ${signInFailures} set count = count - 1 where key = ${accountKey(account)} and count > 0`);
    },
  };
}

/** Removes counters whose windows are over (the longest window is LOCKOUT_WINDOW_MS). */
export async function deleteExpiredSignInCounters(db: Db): Promise<void> {
  await db.execute(
    sql`delete from ${signInFailures} where window_started_at < now() - make_interval(secs => ${LOCKOUT_WINDOW_MS / 1000})`,
  );
}
