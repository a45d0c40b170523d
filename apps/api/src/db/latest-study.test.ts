import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatOwner } from '../test/chat-owner.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';
import { queryRows } from './client.ts';
import { latestStudyId, latestStudyReport } from './latest-study.ts';
import { researches, researchSources } from './schema/index.ts';

/**
 * Which study is a business's latest: what the advisor, the financial plan, the business-plan document,
 * the roadmap and the research status line all build on, so they never disagree about it.
 */
let t: TestHttpServer;
beforeAll(async () => {
  t = await startTestHttpServer();
});
afterAll(async () => {
  await t?.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function study(businessId: number, values: Partial<typeof researches.$inferInsert>): Promise<number> {
  const [row] = await t.database.db
    .insert(researches)
    .values({ businessId, maxTokens: 50_000, status: 'completed', stage: 'done', ...values })
    .returning({ id: researches.id });
  if (!row) throw new Error('no study stored');
  return row.id;
}

const idOf = async (query: ReturnType<typeof latestStudyId>) =>
  (await queryRows<{ id: number | null }>(t.database.db, sql`select ${query} as id`))[0]?.id ?? null;

describe('the latest study of a business', () => {
  it('is the newest completed one, the newer row on a tie; a scaffold counts only when asked for any', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 10 });
    const other = await chatOwner(t, { planId: 7, credits: 10 });
    const businessId = owner.businessId;
    await t.database.db.delete(researches);

    const older = await study(businessId, { mode: 'web', completedAt: hoursAgo(3), summary: 'Antiguo' });
    const tied = await study(businessId, { mode: 'web', completedAt: hoursAgo(3), summary: 'Empate' });
    await t.database.db
      .insert(researchSources)
      .values({ researchId: tied, number: 1, url: 'https://www.ine.es/', title: 'INE', excerpt: '…' });
    const scaffold = await study(businessId, {
      mode: 'none',
      completedAt: hoursAgo(1),
      summary: 'Plantilla',
    });
    await study(businessId, { mode: 'model', status: 'failed', completedAt: hoursAgo(0) });
    await study(businessId, { mode: 'web', status: 'running' });
    await study(other.businessId, { mode: 'web', completedAt: hoursAgo(0), summary: 'De otro' });

    const select = (written: boolean) =>
      t.database.db
        .select({ id: researches.id })
        .from(researches)
        .where(eq(researches.id, latestStudyId(businessId, { written })));
    expect((await select(false))[0]?.id).toBe(scaffold);
    expect((await select(true))[0]?.id).toBe(tied);
    expect(older).toBeLessThan(tied);

    expect(await latestStudyReport(t.database.db, businessId)).toMatchObject({
      mode: 'none',
      summary: 'Plantilla',
      sources: null,
    });
    await t.database.db.delete(researches).where(eq(researches.id, scaffold));
    expect(await latestStudyReport(t.database.db, businessId)).toMatchObject({
      mode: 'web',
      summary: 'Empate',
      sources: [{ number: 1, title: 'INE', url: 'https://www.ine.es/' }],
    });
  });

  it('is none before a business has a completed study', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 10 });
    await study(owner.businessId, { mode: 'web', status: 'failed', completedAt: hoursAgo(0) });
    expect(await latestStudyReport(t.database.db, owner.businessId)).toBeNull();
    expect(await idOf(latestStudyId(owner.businessId))).toBeNull();
  });
});
