import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { creditBalances, creditLedger, users } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import {
  balance,
  debit,
  ensureMonthlyFreeCredits,
  grant,
  ledgerSum,
  monthlyFreeSourceId,
  refund,
  setForPeriod,
} from './credits.ts';

let database: TestDatabase;
let nextUser = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

async function newUser(planId = 5): Promise<number> {
  nextUser += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      username: `user${nextUser}`,
      fullName: `Usuario ${nextUser}`,
      email: `user${nextUser}@example.com`,
      planId,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

async function storedBalance(userId: number): Promise<number> {
  const [row] = await database.db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  return row?.balance ?? 0;
}

describe('credits', () => {
  it('lets exactly 10 of 50 simultaneous debits of 1 through a balance of 10', async () => {
    const userId = await newUser();
    expect(await grant(database.db, userId, 10, `test:grant:${userId}`)).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => debit(database.db, userId, 1, `msg:${userId}:${i}`)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await storedBalance(userId)).toBe(0);
    expect(await ledgerSum(database.db, userId)).toBe(0);
    const debits = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(debits.filter((row) => row.kind === 'debit')).toHaveLength(10);
  });

  it('applies a grant once per source id', async () => {
    const userId = await newUser();
    expect(await grant(database.db, userId, 50, 'bonus:1')).toBe(true);
    expect(await grant(database.db, userId, 50, 'bonus:1')).toBe(false);
    const again = await Promise.all([1, 2, 3].map(() => grant(database.db, userId, 50, 'bonus:2')));
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(await balance(database.db, userId)).toBe(100);
    expect(await ledgerSum(database.db, userId)).toBe(100);
  });

  it('debits once per source id, even when retried concurrently or with the balance spent', async () => {
    const userId = await newUser();
    await grant(database.db, userId, 5, 'seed:debit');
    const retries = await Promise.all([1, 2, 3].map(() => debit(database.db, userId, 3, 'msg:a')));
    expect(retries).toEqual([true, true, true]);
    expect(await balance(database.db, userId)).toBe(2);
    // The retry of an applied debit still succeeds although 2 < 3 now; a new one is refused.
    expect(await debit(database.db, userId, 3, 'msg:a')).toBe(true);
    expect(await debit(database.db, userId, 3, 'msg:b')).toBe(false);
    expect(await balance(database.db, userId)).toBe(2);
    expect(await ledgerSum(database.db, userId)).toBe(2);
  });

  it('refunds a debit once, and nothing that was not debited', async () => {
    const userId = await newUser();
    await grant(database.db, userId, 10, 'seed:refund');
    await debit(database.db, userId, 4, 'msg:r');
    const refunds = await Promise.all([1, 2].map(() => refund(database.db, 'msg:r')));
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect(await refund(database.db, 'msg:r')).toBe(false);
    expect(await refund(database.db, 'msg:never')).toBe(false);
    expect(await balance(database.db, userId)).toBe(10);
    expect(await ledgerSum(database.db, userId)).toBe(10);
  });

  it('replaces the balance for a new period and keeps the ledger adding up', async () => {
    const userId = await newUser();
    await grant(database.db, userId, 30, 'seed:period');
    expect(await setForPeriod(database.db, userId, 500, 'invoice:test:in_1')).toBe(true);
    await debit(database.db, userId, 120, 'msg:p');
    expect(await setForPeriod(database.db, userId, 500, 'invoice:test:in_1')).toBe(false);
    expect(await balance(database.db, userId)).toBe(380);
    expect(await setForPeriod(database.db, userId, 500, 'invoice:test:in_2')).toBe(true);
    expect(await balance(database.db, userId)).toBe(500);
    expect(await ledgerSum(database.db, userId)).toBe(500);
  });

  it('never debits the unlimited plan and shows its balance as null', async () => {
    const userId = await newUser(12);
    expect(await balance(database.db, userId)).toBeNull();
    expect(await debit(database.db, userId, 5, 'msg:unlimited')).toBe(true);
    expect(await storedBalance(userId)).toBe(0);
    expect(await setForPeriod(database.db, userId, null, 'invoice:test:in_u')).toBe(true);
    expect(await ledgerSum(database.db, userId)).toBe(0);
  });

  it('refuses to take a balance below zero even outside these functions', async () => {
    const userId = await newUser();
    await grant(database.db, userId, 1, 'seed:check');
    await expect(
      database.db.execute(sql`update credit_balances set balance = -1 where user_id = ${userId}`),
    ).rejects.toThrow();
  });

  it('gives the Starter plan 100 credits a month, never twice in the same month', async () => {
    const userId = await newUser(9);
    const november = new Date('2026-11-03T10:00:00Z');
    expect(await balance(database.db, userId, november)).toBe(100);
    await debit(database.db, userId, 30, 'msg:s1', november);
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => ensureMonthlyFreeCredits(database.db, userId, new Date('2026-11-28T23:00:00Z'))),
    );
    expect(concurrent.some(Boolean)).toBe(false);
    expect(await balance(database.db, userId, november)).toBe(70);
    // December renews the allowance (it does not pile up).
    const december = new Date('2026-12-01T00:00:01Z');
    expect(await balance(database.db, userId, december)).toBe(100);
    expect(await balance(database.db, userId, december)).toBe(100);
    expect(await ledgerSum(database.db, userId)).toBe(100);
    const rows = await queryRows<{ source_id: string }>(
      database.db,
      sql`select source_id from credit_ledger where user_id = ${userId} and kind = 'reset' order by id`,
    );
    expect(rows.map((r) => r.source_id)).toEqual([
      monthlyFreeSourceId(userId, november),
      monthlyFreeSourceId(userId, december),
    ]);
  });

  it('lets a debit made in a new month use that month’s Starter credits', async () => {
    const userId = await newUser(9);
    await balance(database.db, userId, new Date('2026-11-10T00:00:00Z'));
    await debit(database.db, userId, 100, 'msg:all', new Date('2026-11-10T00:00:00Z'));
    expect(await debit(database.db, userId, 1, 'msg:none', new Date('2026-11-20T00:00:00Z'))).toBe(false);
    expect(await debit(database.db, userId, 1, 'msg:dec', new Date('2026-12-02T00:00:00Z'))).toBe(true);
    expect(await storedBalance(userId)).toBe(99);
  });

  it('works inside a caller’s transaction and rolls back with it', async () => {
    const userId = await newUser();
    await expect(
      database.db.transaction(async (tx) => {
        await grant(tx, userId, 40, 'in-tx:1');
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await storedBalance(userId)).toBe(0);
    await database.db.transaction(async (tx) => {
      await grant(tx, userId, 40, 'in-tx:1');
      await debit(tx, userId, 15, 'in-tx:2');
    });
    expect(await storedBalance(userId)).toBe(25);
    expect(await ledgerSum(database.db, userId)).toBe(25);
  });
});
