import { ERROR_CODES } from '@rumbo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { AppError } from '../http/errors.ts';

// The per-user counters of writes (ADR 0015), in the database so that every app process shares them.
// The middleware that counts every write of the API is http/write-limits.ts; the chat send and a few
// routes count their own kind here.

/** How many writes of a kind one user may make in a window (times WRITE_LIMIT_MULTIPLIER). */
export interface WriteLimit {
  name: string;
  max: number;
  windowSeconds: number;
}

export const WRITE_LIMITS = {
  /** Any change a signed-in user asks for that has no tighter limit of its own. */
  writes: { name: 'writes', max: 60, windowSeconds: 60 },
  chats: { name: 'chats', max: 20, windowSeconds: 60 },
  researches: { name: 'researches', max: 10, windowSeconds: 60 },
  /** Chat sends, retries included (counted by the send itself, in its first statement). */
  sends: { name: 'sends', max: 30, windowSeconds: 60 },
  /** Attached files whose text is read (counted before reading them). */
  files: { name: 'files', max: 20, windowSeconds: 600 },
  /** Analytics batches, per user or, signed out, per address (the client flushes every 5 s). */
  analytics: { name: 'analytics', max: 60, windowSeconds: 60 },
  /** Comments sent from the home's feedback form (the operator reads every one). */
  feedback: { name: 'feedback', max: 10, windowSeconds: 3600 },
  /** The console's verification mails an operator asks for (each goes to their own address). */
  verificationMails: { name: 'verification-mails', max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, WriteLimit>;

/**
 * Adds `amount` to the counter of `limit` of a user (their id) or of another subject (an address), in
 * one statement (a fixed window that starts anew once it is over), and returns the count and the
 * seconds left in the window. As a CTE it can ride on another statement (the chat's send).
 */
export function countWriteSql(
  subject: SQL | number | string,
  limit: WriteLimit,
  amount: number | SQL = 1,
): SQL {
  const key = typeof subject === 'string' ? sql`${subject}::text` : sql`${subject}::int`;
  const fresh = sql`write_limits.window_started_at > now() - make_interval(secs => ${limit.windowSeconds})`;
  return sql`insert into write_limits (key, hits, window_started_at)
    values (${limit.name} || ':' || ${key}, ${amount}::int, now())
    on conflict (key) do update set
      hits = case when ${fresh} then write_limits.hits + excluded.hits else excluded.hits end,
      window_started_at = case when ${fresh} then write_limits.window_started_at else now() end
    returning hits, greatest(1, ceil(extract(epoch from
      window_started_at + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`;
}

const tooManyWrites = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ERROR_CODES.tooManyRequests,
    'Has hecho demasiadas peticiones seguidas. Espera un momento y vuelve a intentarlo.',
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** Throws a 429 (with Retry-After) when the count is over the limit. */
export function assertWithinLimit(
  counted: { hits: number; retry_after: number } | undefined,
  limit: WriteLimit,
  multiplier: number,
): void {
  if (counted && counted.hits > limit.max * multiplier) throw tooManyWrites(counted.retry_after);
}

/** Counts `amount` writes of `limit` for the user (or an address); throws a 429 past the limit. */
export async function countWrite(
  db: Db,
  subject: number | string,
  limit: WriteLimit,
  multiplier: number,
  amount = 1,
): Promise<void> {
  const [counted] = await queryRows<{ hits: number; retry_after: number }>(
    db,
    countWriteSql(subject, limit, amount),
  );
  assertWithinLimit(counted, limit, multiplier);
}

/** Removes the counters of windows long over (every window is shorter than a day). */
export async function deleteOldWriteWindows(db: Db): Promise<void> {
  await db.execute(sql`delete from write_limits where window_started_at < now() - interval '1 day'`);
}
