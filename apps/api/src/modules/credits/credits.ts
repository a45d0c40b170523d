import { hasUnlimitedCredits, PLANS, STARTER_PLAN } from '@rumbo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * The only writer of credit rows (architecture.md §5). Every operation is one transaction: a ledger row
 * keyed on a unique `sourceId` plus the balance change, so that a retried request, a redelivered
 * webhook or two processes racing can never apply the same source twice, and the ledger of a user
 * always adds up to their balance.
 *
 * Each function takes the database handle or a transaction handle (`tx`): called with a `tx`, its
 * work becomes a savepoint inside the caller's transaction (billing stores the event it is handling in
 * the same transaction). On PGlite a query on the outer handle inside a transaction would deadlock.
 */

/** Source id of the Starter plan's monthly allowance: one per user and calendar month (UTC). */
export function monthlyFreeSourceId(userId: number, now: Date = new Date()): string {
  return `free:${userId}:${now.toISOString().slice(0, 7)}`;
}

/** Source id of the credits of a paid billing period: one per provider invoice. */
export function invoiceSourceId(provider: string, invoiceId: string): string {
  return `invoice:${provider}:${invoiceId}`;
}

export const refundSourceId = (debitSourceId: string) => `refund:${debitSourceId}`;

/** Source id of credits an operator granted from the console: one per audit line. */
export const adminGrantSourceId = (operatorId: number, requestId: string) =>
  `admin:${operatorId}:${requestId}`;

/** Thrown inside a transaction to roll it back when a duplicate source is found after the update. */
class AlreadyApplied extends Error {}

async function ensureBalanceRow(tx: Db, userId: number): Promise<void> {
  await tx.execute(
    sql`insert into credit_balances (user_id, balance) values (${userId}, 0) on conflict (user_id) do nothing`,
  );
}

/** Locks the user's balance row for the rest of the transaction and returns it. */
async function lockBalance(tx: Db, userId: number): Promise<number> {
  await ensureBalanceRow(tx, userId);
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`select balance from credit_balances where user_id = ${userId} for update`,
  );
  return Number(row?.balance ?? 0);
}

async function insertLedgerRow(
  tx: Db,
  row: { userId: number; sourceId: string; delta: number; kind: 'grant' | 'debit' | 'refund' | 'reset' },
): Promise<boolean> {
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into credit_ledger (user_id, source_id, delta, kind)
        values (${row.userId}, ${row.sourceId}, ${row.delta}, ${row.kind})
        on conflict (source_id) do nothing
        returning id`,
  );
  return inserted.length > 0;
}

/** Adds `amount` credits once per `sourceId`. Returns whether it applied (false: already granted). */
export async function grant(db: Db, userId: number, amount: number, sourceId: string): Promise<boolean> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`grant: amount must be a positive integer`);
  return db.transaction(async (tx) => {
    // Lock order everywhere: the balance row first, then the ledger, so operations never deadlock.
    await lockBalance(tx, userId);
    if (!(await insertLedgerRow(tx, { userId, sourceId, delta: amount, kind: 'grant' }))) return false;
    await tx.execute(
      sql`update credit_balances set balance = balance + ${amount}, updated_at = now() where user_id = ${userId}`,
    );
    return true;
  });
}

/**
 * Starts a credit period: the balance becomes `amount` (credits do not carry over), once per
 * `sourceId`. The ledger records the difference, so it still adds up to the balance. `null` means
 * unlimited (plan 12): the period is recorded and the balance is left alone (it is never shown nor
 * debited while the plan lasts). Returns whether it applied.
 */
export async function setForPeriod(
  db: Db,
  userId: number,
  amount: number | null,
  sourceId: string,
): Promise<boolean> {
  if (amount !== null && (!Number.isInteger(amount) || amount < 0)) {
    throw new Error('setForPeriod: amount must be a non-negative integer or null');
  }
  return db.transaction(async (tx) => {
    const current = await lockBalance(tx, userId);
    const target = amount ?? current;
    if (!(await insertLedgerRow(tx, { userId, sourceId, delta: target - current, kind: 'reset' }))) {
      return false;
    }
    await tx.execute(
      sql`update credit_balances set balance = ${target}, updated_at = now() where user_id = ${userId}`,
    );
    return true;
  });
}

async function planIdOf(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ plan_id: number }>(db, sql`select plan_id from users where id = ${userId}`);
  return row?.plan_id;
}

/**
 * The Starter plan's 100 credits of the current month, applied lazily (when the balance is read,
 * when credits are spent and when the plan is chosen) instead of by a monthly job: at most once per
 * user and month, whatever the number of processes. Returns whether it applied now.
 */
export async function ensureMonthlyFreeCredits(
  db: Db,
  userId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const sourceId = monthlyFreeSourceId(userId, now);
  // A plain read first: every /users/me of a Starter user passes here, and only the first of the month writes.
  const [applied] = await queryRows<{ id: number }>(
    db,
    sql`select id from credit_ledger where source_id = ${sourceId}`,
  );
  if (applied) return false;
  return setForPeriod(db, userId, PLANS[STARTER_PLAN].monthlyCredits, sourceId);
}

/**
 * Spends `cost` credits once per `sourceId`: one conditional UPDATE, so concurrent debits can never
 * take the balance below zero. Returns true when the debit is (or already was) applied, false when
 * the balance is short. Plan 12 is unlimited and never debited.
 */
export async function debit(
  db: Db,
  userId: number,
  cost: number,
  sourceId: string,
  now: Date = new Date(),
  /** The user's plan when the caller has just read it (saves a query on the chat's hot path). */
  knownPlanId?: number,
): Promise<boolean> {
  if (!Number.isInteger(cost) || cost <= 0) throw new Error('debit: cost must be a positive integer');
  const planId = knownPlanId ?? (await planIdOf(db, userId));
  if (planId === undefined) return false;
  if (hasUnlimitedCredits(planId)) return true;
  if (planId === STARTER_PLAN) await ensureMonthlyFreeCredits(db, userId, now);
  try {
    return await db.transaction(async (tx) => {
      const updated = await queryRows<{ balance: number }>(
        tx,
        sql`update credit_balances set balance = balance - ${cost}, updated_at = now()
            where user_id = ${userId} and balance >= ${cost}
            returning balance`,
      );
      if (updated.length === 0) {
        // Short of credits, unless this very debit was applied before (a retried request).
        const [previous] = await queryRows<{ id: number }>(
          tx,
          sql`select id from credit_ledger where source_id = ${sourceId} and kind = 'debit'`,
        );
        return previous !== undefined;
      }
      if (!(await insertLedgerRow(tx, { userId, sourceId, delta: -cost, kind: 'debit' }))) {
        throw new AlreadyApplied();
      }
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadyApplied) return true;
    throw error;
  }
}

/**
 * A debit as two CTEs (`debit_balance`, `debit_ledger`) for a caller's single statement: the chat's
 * send stores its question, charges the answer and claims the generation in one round trip, so that no
 * lock is held across turns of the event loop under load. `debit_balance` has a row when the credits
 * were taken and none when the balance was short, the cost is not positive or `when` is false. The
 * values are SQL (the send's statement is prepared once, with placeholders). `sourceId` must be new (a
 * random id): a repeated one fails the whole statement on the ledger's unique key, never charging twice.
 * The caller sees to the Starter month first (`ensureMonthlyFreeCredits`); plan 12 costs nothing.
 */
export function debitCtes(
  db: Db,
  { userId, cost, sourceId, when }: { userId: SQL; cost: SQL; sourceId: SQL; when: SQL },
) {
  const balance = db.$with('debit_balance', { balance: sql<number>`balance` }).as(
    sql`update credit_balances set balance = balance - ${cost}, updated_at = now()
      where user_id = ${userId} and ${cost} > 0 and balance >= ${cost} and ${when}
      returning balance`,
  );
  const ledger = db.$with('debit_ledger', { id: sql<number>`id` }).as(
    sql`insert into credit_ledger (user_id, source_id, delta, kind)
      select ${userId}, ${sourceId}, -${cost}, 'debit' from debit_balance
      returning id`,
  );
  return { balance, ledger };
}

/** Gives back the credits of the debit `sourceId`, once. Returns whether it applied now. */
export async function refund(db: Db, sourceId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [original] = await queryRows<{ user_id: number; delta: number }>(
      tx,
      sql`select user_id, delta from credit_ledger where source_id = ${sourceId} and kind = 'debit'`,
    );
    if (!original) return false;
    const userId = Number(original.user_id);
    const amount = -Number(original.delta);
    await lockBalance(tx, userId);
    if (
      !(await insertLedgerRow(tx, {
        userId,
        sourceId: refundSourceId(sourceId),
        delta: amount,
        kind: 'refund',
      }))
    ) {
      return false;
    }
    await tx.execute(
      sql`update credit_balances set balance = balance + ${amount}, updated_at = now() where user_id = ${userId}`,
    );
    return true;
  });
}

/**
 * The credits a user can spend: null for the unlimited plan, never below 0. For the Starter plan the
 * month's free credits are applied first, so reading the balance is what renews them.
 */
export async function balance(db: Db, userId: number, now: Date = new Date()): Promise<number | null> {
  const planId = await planIdOf(db, userId);
  if (planId !== undefined && hasUnlimitedCredits(planId)) return null;
  if (planId === STARTER_PLAN) await ensureMonthlyFreeCredits(db, userId, now);
  const [row] = await queryRows<{ balance: number }>(
    db,
    sql`select balance from credit_balances where user_id = ${userId}`,
  );
  return Math.max(0, Number(row?.balance ?? 0));
}

/**
 * The sum of a user's ledger (tests and audits: it must equal the balance).
 * @internal
 */
export async function ledgerSum(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`select coalesce(sum(delta), 0) as total from credit_ledger where user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}
