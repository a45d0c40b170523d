import type { FinancialPlan } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { creditBalances, researches, researchSources } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner } from '../../test/chat-owner.ts';
import { defaultScript, type FakeOpenAI, type FakeScript, startFakeOpenAI } from '../../test/fakes/openai.ts';
import { isProposalsRequest, proposalsScript } from '../../test/fakes/plan-proposals-model.ts';

// 'Proponer supuestos' (ADR 0041): the model's proposals through the structured-output path, each the
// mentor's estimate with its reasoning and the report's sources; paid plans only, one credit.

let fake: FakeOpenAI;
let t: TestApp;
let answer: FakeScript = proposalsScript();
beforeAll(async () => {
  fake = await startFakeOpenAI({ script: (body) => (isProposalsRequest(body) ? answer : defaultScript) });
  t = await createTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-mentor',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const propose = (cookie: string, businessId: number) =>
  t.request(`/api/businesses/${businessId}/financial-plan/proposals`, {
    method: 'POST',
    headers: { cookie },
  });
const creditsOf = async (userId: number) =>
  (await t.database.db.select().from(creditBalances).where(eq(creditBalances.userId, userId)))[0]?.balance;

async function withResearch(businessId: number) {
  const [run] = await t.database.db
    .insert(researches)
    .values({
      businessId,
      maxTokens: 50_000,
      status: 'completed',
      summary: 'Las cestas de productos locales por suscripción crecen en las ciudades medianas.',
      completedAt: new Date(),
    })
    .returning({ id: researches.id });
  for (const number of [1, 2]) {
    await t.database.db.insert(researchSources).values({
      researchId: run?.id ?? 0,
      number,
      url: `https://fuente${number}.example.com/cestas`,
      title: `Informe de cestas ${number}`,
      excerpt: 'Precios de cestas',
    });
  }
}

describe('POST /api/businesses/{id}/financial-plan/proposals', () => {
  it("proposes labelled assumptions with their reasoning and only the report's real sources, for one credit", async () => {
    answer = proposalsScript();
    const who = await chatOwner(t, { planId: 5, credits: 10 });
    await withResearch(who.businessId);
    const before = fake.requests.length;
    const res = await propose(who.cookie, who.businessId);
    expect(res.status).toBe(200);
    const plan = (await res.json()) as FinancialPlan;
    expect(plan.proposals.map((p) => p.kind)).toEqual([
      'product',
      'fixed_cost',
      'role',
      'investment',
      'setting',
    ]);
    const product = plan.proposals[0];
    expect(product).toMatchObject({
      kind: 'product',
      item: {
        name: 'Cesta mensual',
        kind: 'subscription',
        price: 35,
        churn_pct: 6,
        origin: {
          kind: 'mentor',
          note: 'Las cestas de productos locales se venden entre 30 y 40 € al mes según el estudio.',
          // [9] is not one of the report's sources: it is dropped.
          sources: [2],
        },
      },
    });
    expect(plan.proposals.at(-1)).toMatchObject({ kind: 'setting', key: 'marketing_monthly', value: 400 });
    expect(await creditsOf(who.id)).toBe(9);
    // Through the structured-output path, with the profile and the report in the request.
    const request = fake.requests.slice(before).find((r) => isProposalsRequest(r.body));
    expect(request?.body.response_format).toMatchObject({ type: 'json_schema' });
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain('Idea de prueba');
    expect(prompt).toContain('Las cestas de productos locales por suscripción crecen');
    // Kept until answered: the plan (not yet saved by the founder) now holds them.
    const read = (await (
      await t.request(`/api/businesses/${who.businessId}/financial-plan`, { headers: { cookie: who.cookie } })
    ).json()) as FinancialPlan;
    expect(read.proposals).toEqual(plan.proposals);
    expect(read.assumptions.products).toEqual([]);
  });

  it('is for the paid plans: Starter gets 403 and the model is not asked', async () => {
    const who = await chatOwner(t, { planId: 9, credits: 100 });
    const before = fake.requests.length;
    const res = await propose(who.cookie, who.businessId);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'PLAN_ADVISOR_NOT_ALLOWED' });
    expect(fake.requests.length).toBe(before);
  });

  it('gives the credit back when the model answers nothing usable, and says so', async () => {
    answer = { tokens: ['Claro, aquí tienes unas ideas sueltas sin formato.'] };
    const who = await chatOwner(t, { planId: 11, credits: 3 });
    const res = await propose(who.cookie, who.businessId);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toContain('No se ha cobrado nada');
    expect(await creditsOf(who.id)).toBe(3);
    // Nothing was stored: the business still has no saved plan.
    const [stored] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from financial_plans where business_id = ${who.businessId}`,
    );
    expect(stored?.n).toBe(0);
  });

  it('refuses without credits (402) and for another user’s business (404)', async () => {
    answer = proposalsScript();
    const broke = await chatOwner(t, { planId: 5, credits: 0 });
    expect((await propose(broke.cookie, broke.businessId)).status).toBe(402);
    const stranger = await chatOwner(t, { planId: 11, credits: 10 });
    expect((await propose(stranger.cookie, broke.businessId)).status).toBe(404);
  });

  it('says, in demo mode, that a configured model is needed, and charges nothing', async () => {
    const demo = await createTestApp({ AI_PROVIDER: 'demo' });
    try {
      const who = await chatOwner(demo, { planId: 11, credits: 5 });
      const res = await demo.request(`/api/businesses/${who.businessId}/financial-plan/proposals`, {
        method: 'POST',
        headers: { cookie: who.cookie },
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(
        'En el modo de demostración el mentor no propone supuestos: hace falta un modelo de IA configurado.',
      );
      const [balance] = await demo.database.db
        .select()
        .from(creditBalances)
        .where(eq(creditBalances.userId, who.id));
      expect(balance?.balance).toBe(5);
    } finally {
      await demo.close();
    }
  });
});
