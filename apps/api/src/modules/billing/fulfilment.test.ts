import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { balance, ledgerSum } from '../credits/credits.ts';
import { applySubscriptionState, recordPaidInvoice, type SubscriptionState } from './fulfilment.ts';

let database: TestDatabase;
let userCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

async function newUser(): Promise<number> {
  userCount += 1;
  const [row] = await database.db
    .insert(users)
    .values({ username: `f${userCount}`, fullName: 'F', email: `f${userCount}@example.com` })
    .returning({ id: users.id });
  return row?.id ?? 0;
}

const state = (userId: number, overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  userId,
  provider: 'stripe',
  customerId: `cus_${userId}`,
  subscriptionId: `sub_${userId}`,
  planId: 7,
  status: 'active',
  currentPeriodEnd: new Date('2026-12-21T00:00:00Z'),
  cancelAtPeriodEnd: false,
  syncedAt: new Date('2026-11-21T10:00:00Z'),
  ...overrides,
});

async function planOf(userId: number) {
  const [row] = await database.db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  return row?.planId;
}

describe('subscription state', () => {
  it('keeps the newest read when two reads finish out of order', async () => {
    const userId = await newUser();
    const newer = state(userId, { planId: 11, syncedAt: new Date('2026-11-21T10:00:05Z') });
    const older = state(userId, { planId: 7, syncedAt: new Date('2026-11-21T10:00:01Z') });
    expect(await database.db.transaction((tx) => applySubscriptionState(tx, newer))).toBe(true);
    expect(await database.db.transaction((tx) => applySubscriptionState(tx, older))).toBe(false);
    expect(await planOf(userId)).toBe(11);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row?.planId).toBe(11);
  });

  it('ignores a late event about an old subscription while a newer one is live', async () => {
    const userId = await newUser();
    await database.db.transaction((tx) =>
      applySubscriptionState(tx, state(userId, { subscriptionId: 'sub_new' })),
    );
    const oldEnded = state(userId, {
      subscriptionId: 'sub_old',
      status: 'canceled',
      syncedAt: new Date('2026-11-21T11:00:00Z'),
    });
    expect(await database.db.transaction((tx) => applySubscriptionState(tx, oldEnded))).toBe(false);
    expect(await planOf(userId)).toBe(7);
  });

  it('sends the user back to plan -1 only when the live subscription ends', async () => {
    const userId = await newUser();
    const incomplete = state(userId, { status: 'incomplete' });
    await database.db.transaction((tx) => applySubscriptionState(tx, incomplete));
    expect(await planOf(userId)).toBe(-1);
    await database.db.transaction((tx) =>
      applySubscriptionState(tx, state(userId, { syncedAt: new Date('2026-11-21T10:01:00Z') })),
    );
    expect(await planOf(userId)).toBe(7);
    await database.db.transaction((tx) =>
      applySubscriptionState(
        tx,
        state(userId, { status: 'past_due', syncedAt: new Date('2026-11-21T10:02:00Z') }),
      ),
    );
    expect(await planOf(userId)).toBe(7);
    await database.db.transaction((tx) =>
      applySubscriptionState(
        tx,
        state(userId, { status: 'canceled', syncedAt: new Date('2026-11-21T10:03:00Z') }),
      ),
    );
    expect(await planOf(userId)).toBe(-1);
  });

  it('starts a credit period once per paid invoice, with the subscription’s current plan', async () => {
    const userId = await newUser();
    const paid = state(userId, { planId: 11 });
    await Promise.all(
      [1, 2, 3].map(() => database.db.transaction((tx) => recordPaidInvoice(tx, paid, 'in_once'))),
    );
    expect(await balance(database.db, userId)).toBe(1400);
    expect(await ledgerSum(database.db, userId)).toBe(1400);
  });
});
