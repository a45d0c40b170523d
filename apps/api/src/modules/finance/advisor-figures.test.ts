import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_TOKEN_BUDGET, planBlock } from '../../ai/prompts/plan-context.es.ts';
import { estimateTokens } from '../../lib/estimate-tokens.ts';
import { ANSWER, chatRequests, chatServerForFile, eventually } from '../../test/chats-test-kit.ts';
import { tokenize } from '../../test/fakes/openai.ts';
import { shopAssumptions, shopPlan } from '../../test/finance-test-kit.ts';

// The advisor answers from the plan the founder built (ADR 0041): the chat's request to the model carries
// the plan's key figures, computed by the engine, within their token budget.

const server = chatServerForFile();

const { owner, newChat, send, readChat, streamRequests } = chatRequests(() => server);
const systemOf = () => String(streamRequests().at(-1)?.body.messages[0]?.content);

describe('the financial plan in the advisor’s prompt', () => {
  it("'¿cuándo llego al punto de equilibrio?' reaches the model with the plan's break-even month, runway, burn and margins", async () => {
    const who = await owner();
    const saved = await server.t.fetch(`/api/businesses/${who.businessId}/financial-plan`, {
      method: 'PUT',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(shopPlan),
    });
    expect(saved.status).toBe(200);
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: '¿cuándo llego al punto de equilibrio?' });
    expect(await res.text()).toBe(ANSWER);
    const system = systemOf();
    expect(system).toContain('<plan_financiero>');
    // The shop of the engine's tests: break-even in month 11, cash that lasts, 923.80 € of burn, 60 %.
    expect(system).toContain('- Punto de equilibrio: mes 11 del plan (noviembre de 2027).');
    expect(system).toContain('- Caja: no se agota en los 36 meses.');
    expect(system).toContain('- Gasto neto mensual (burn) medio hasta el equilibrio: 924');
    expect(system).toContain('- Año 1: ingresos 63.660');
    expect(system).toContain('margen bruto 60 %');
    expect(system).toContain('Producto Cestas de productos locales');
    // A change the advisor recommends comes as a marker the chat offers to apply (plan-changes.ts).
    expect(system).toContain('[[cambio-plan supuesto=valor]]');
    expect(system).toContain('marketing_monthly');
    expect(system).toContain('cestas:price');
  });

  it("keeps an answer's proposed change (its marker) when the answer is stored with the report's citation check", async () => {
    const who = await owner();
    await server.t.database.db.execute(
      sql`insert into researches (business_id, max_tokens, status, mode, summary, completed_at)
          values (${who.businessId}, 50000, 'completed', 'web', 'Mercado de cestas en crecimiento [1].', now())`,
    );
    server.script = {
      tokens: tokenize(
        'Sube el marketing a 600 € [1] [7].\n\n[[cambio-plan marketing_monthly=600]]\n[[cambio-plan cestas:price=22]]',
      ),
    };
    const chatId = await newChat(who);
    await (await send(who, chatId, { content: '¿Subo el marketing?' })).text();
    // The answer's last words are stored just after the stream ends.
    const { messages } = await eventually(
      () => readChat(who, chatId),
      (read) => read.messages.at(-1)?.finished === true,
    );
    const answer = messages.at(-1)?.content ?? '';
    expect(answer).toContain('[[cambio-plan marketing_monthly=600]]');
    expect(answer).toContain('[[cambio-plan cestas:price=22]]');
    expect(answer).not.toContain('[7]');
  });

  it('says nothing of a plan the founder has not saved', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    await (await send(who, chatId, { content: '¿cuándo llego al punto de equilibrio?' })).text();
    expect(systemOf()).not.toContain('<plan_financiero>');
  });

  it('stays within its token budget however many assumptions there are', () => {
    const many = {
      ...shopAssumptions,
      products: Array.from({ length: 20 }, (_, i) => ({
        ...(shopAssumptions.products[0] as (typeof shopAssumptions.products)[number]),
        id: `p${i}`,
        name: `Producto con un nombre largo número ${i} ${'x'.repeat(80)}`,
      })),
    };
    const block = planBlock({ assumptions: many, scenarios: shopPlan.scenarios, currency: 'EUR' });
    expect(estimateTokens(block)).toBeLessThanOrEqual(PLAN_TOKEN_BUDGET + 120);
    expect(block).toContain('Punto de equilibrio');
  });
});
