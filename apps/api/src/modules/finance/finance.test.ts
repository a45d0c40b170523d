import type { FinancialPlan } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialPlans } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { planCalls, shopPlan } from '../../test/finance-test-kit.ts';

// The financial plan's storage and routes (ADR 0040): owner only, validated by the contract's schemas.

let t: TestApp;
let calls: ReturnType<typeof planCalls>;
beforeAll(async () => {
  t = await createTestApp();
  calls = planCalls(t);
});
afterAll(async () => {
  await t.close();
});

describe('GET and PUT /api/businesses/{id}/financial-plan', () => {
  it("starts from the profile: the idea's investment as own funds and the country's employer contributions, said as such", async () => {
    const owner = await chatOwner(t, {
      planId: 9,
      credits: 10,
      idea: { ...MINIMAL_IDEA, location: 'México', investment: 18000, investment_currency: 'dollar' },
    });
    const res = await calls.read(owner.cookie, owner.businessId);
    expect(res.status).toBe(200);
    const plan = (await res.json()) as FinancialPlan;
    expect(plan).toMatchObject({
      business_id: owner.businessId,
      saved: false,
      updated_at: null,
      currency: 'USD',
      locale: 'es-MX',
      country: 'México',
      proposals: [],
    });
    expect(plan.assumptions.own_funds).toEqual({
      value: 18000,
      origin: { kind: 'founder', note: 'La inversión prevista de tu perfil.', sources: [] },
    });
    expect(plan.assumptions.employer_cost_pct.value).toBe(25);
    expect(plan.assumptions.employer_cost_pct.origin.note).toContain('México');
    expect(plan.assumptions.products).toEqual([]);
    expect(plan.assumptions.start_month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('keeps what the owner saves, and saving again replaces it', async () => {
    const owner = await chatOwner(t, { planId: 11, credits: 10 });
    const saved = await calls.save(owner.cookie, owner.businessId, shopPlan);
    expect(saved.status).toBe(200);
    const plan = (await (await calls.read(owner.cookie, owner.businessId)).json()) as FinancialPlan;
    expect(plan).toMatchObject({
      saved: true,
      currency: 'EUR',
      locale: 'es-ES',
      scenarios: shopPlan.scenarios,
    });
    expect(plan.assumptions).toEqual(shopPlan.assumptions);
    expect(plan.updated_at).not.toBeNull();

    const cheaper = structuredClone(shopPlan);
    (cheaper.assumptions.products[0] as { price: number }).price = 18;
    await calls.save(owner.cookie, owner.businessId, cheaper);
    const again = (await (await calls.read(owner.cookie, owner.businessId)).json()) as FinancialPlan;
    expect(again.assumptions.products[0]?.price).toBe(18);
    expect(
      await t.database.db
        .select()
        .from(financialPlans)
        .where(eq(financialPlans.businessId, owner.businessId)),
    ).toHaveLength(1);
  });

  it("is the owner's only: anonymous 401, another user 404 on reading and on saving, and nothing changes", async () => {
    const owner = await chatOwner(t, { planId: 11, credits: 10 });
    const stranger = await chatOwner(t, { planId: 11, credits: 10 });
    await calls.save(owner.cookie, owner.businessId, shopPlan);
    expect((await calls.read(undefined, owner.businessId)).status).toBe(401);
    expect((await calls.save(undefined, owner.businessId, shopPlan)).status).toBe(401);
    expect((await calls.read(stranger.cookie, owner.businessId)).status).toBe(404);
    const overwrite = structuredClone(shopPlan);
    overwrite.assumptions.own_funds.value = 1;
    expect((await calls.save(stranger.cookie, owner.businessId, overwrite)).status).toBe(404);
    const plan = (await (await calls.read(owner.cookie, owner.businessId)).json()) as FinancialPlan;
    expect(plan.assumptions.own_funds.value).toBe(25000);
  });

  it('refuses what the schema does not allow, in Spanish, naming the field', async () => {
    const owner = await chatOwner(t, { planId: 11, credits: 10 });
    const bad = structuredClone(shopPlan) as unknown as {
      assumptions: { products: Array<{ churn_pct: number }> };
    };
    (bad.assumptions.products[0] as { churn_pct: number }).churn_pct = 140;
    const res = await calls.save(owner.cookie, owner.businessId, bad);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'Como mucho 100 %',
      field: 'assumptions.products.0.churn_pct',
    });
    const month = structuredClone(shopPlan);
    month.assumptions.start_month = '2027-13';
    expect((await calls.save(owner.cookie, owner.businessId, month)).status).toBe(400);
    const multiplier = structuredClone(shopPlan) as unknown as {
      scenarios: { pessimistic: Record<string, number> };
    };
    multiplier.scenarios.pessimistic.rent = 2;
    expect((await calls.save(owner.cookie, owner.businessId, multiplier)).status).toBe(400);
  });

  it('goes with its business: deleting the business deletes the plan', async () => {
    const owner = await chatOwner(t, { planId: 11, credits: 10 });
    await calls.save(owner.cookie, owner.businessId, shopPlan);
    const deleted = await t.request(`/api/businesses/ideas/${owner.businessId}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    });
    expect(deleted.status).toBeLessThan(300);
    expect(
      await t.database.db
        .select()
        .from(financialPlans)
        .where(eq(financialPlans.businessId, owner.businessId)),
    ).toEqual([]);
    expect((await calls.read(owner.cookie, owner.businessId)).status).toBe(404);
  });
});
