import { projectScenarios } from '@rumbo/contract/finance-engine';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researches, researchSources } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../../test/chat-owner.ts';
import { planCalls, shopAssumptions, shopPlan } from '../../../test/finance-test-kit.ts';
import { readPdfText } from '../../files/extract/pdf-text.ts';
import { BUSINESS_PLAN_HEADINGS, ONE_PAGER_HEADINGS } from './business-plan.es.ts';

// 'Descargar plan de empresa' (ADR 0042): the DOCX and the PDF read back (mammoth, the project's PDF text
// reader) hold every section, the business's name, the break-even month and the engine's yearly revenue.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NAME = 'Cestas La Alacena';
const claim = (text: string, sources: number[] = []) => ({
  text,
  kind: sources.length > 0 ? 'fuente' : 'estimacion',
  sources,
});
const section = (key: string, title: string, claims: object[]) => ({ key, title, claims, score: null });

async function ownerWithPlanAndReport() {
  const who = await chatOwner(t, { planId: 11, credits: 10, idea: { ...MINIMAL_IDEA, name: NAME } });
  expect((await planCalls(t).save(who.cookie, who.businessId, shopPlan)).status).toBe(200);
  const [run] = await t.database.db
    .insert(researches)
    .values({
      businessId: who.businessId,
      maxTokens: 50_000,
      status: 'completed',
      mode: 'web',
      summary: 'Las tiendas de productos locales crecen en los barrios céntricos [1].',
      sections: {
        mercado: section('mercado', 'Mercado: TAM, SAM y SOM', [
          claim('El consumo de producto local crece cada año [1]', [1]),
        ]),
        competidores: section('competidores', 'Competidores', [
          claim('Dos colmados cercanos venden cestas similares'),
        ]),
        riesgos: section('riesgos', 'Riesgos', [claim('La subida del alquiler del local')]),
        supuestos: section('supuestos', 'Supuestos más arriesgados y cómo probarlos', [
          claim('Que los vecinos compren cestas cada semana: probarlo con una preventa de 30 cestas'),
        ]),
      },
      completedAt: new Date(),
    })
    .returning({ id: researches.id });
  await t.database.db.insert(researchSources).values({
    researchId: run?.id ?? 0,
    number: 1,
    url: 'https://estadistica.example.com/consumo-local',
    title: 'Consumo de producto local',
    excerpt: 'Consumo',
  });
  return who;
}

const download = (cookie: string | undefined, businessId: number, query: string) =>
  t.request(`/api/businesses/${businessId}/financial-plan/document?${query}`, {
    headers: cookie ? { cookie } : {},
  });
const docxText = async (res: Response) =>
  (await mammoth.extractRawText({ buffer: Buffer.from(await res.arrayBuffer()) })).value;
const pdfText = async (res: Response) => readPdfText(new Uint8Array(await res.arrayBuffer()));
/** One space for any run of spaces (the PDF reader and Word break lines and keep no-break spaces). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every amount the engine and the assumptions give, as the document writes them. */
function amountsOfThePlan(): Set<string> {
  const money = new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  const out = new Set<string>();
  const add = (cents: number) => out.add(flat(money.format(Math.round(cents / 100))));
  for (const p of Object.values(projectScenarios(shopAssumptions, shopPlan.scenarios))) {
    for (const y of p.years) for (const value of Object.values(y)) if (typeof value === 'number') add(value);
    for (const value of Object.values(p.key)) if (typeof value === 'number') add(value);
  }
  const a = shopAssumptions;
  for (const units of [
    ...a.products.flatMap((x) => [x.price, x.unit_cost]),
    ...a.fixed_costs.map((x) => x.monthly),
    a.marketing_monthly.value,
    ...a.team.map((x) => x.monthly_salary),
    ...a.investments.map((x) => x.amount),
    a.own_funds.value,
  ]) {
    add(units * 100);
  }
  return out;
}

function expectThePlanIn(text: string, headings: readonly string[]) {
  const body = flat(text);
  for (const heading of headings) expect(body, heading).toContain(heading);
  expect(body).toContain(NAME);
  // The shop of the engine's tests: break-even in month 11 of a plan that starts in January 2027, and its
  // yearly revenue of 63,660 €, 114,320 € and 205,340 € (finance-engine.test.ts).
  expect(body).toContain('Punto de equilibrio: mes 11 (noviembre de 2027)');
  for (const revenue of ['63.660 €', '114.320 €', '205.340 €']) expect(body).toContain(revenue);
  // Numbers only from the plan: every amount of money in the document is one the engine or the assumptions give.
  const allowed = amountsOfThePlan();
  const amounts = body.match(/(?<![\d.,])-?\d+(?:\.\d{3})*(?:,\d+)? €/g) ?? [];
  expect(amounts.length).toBeGreaterThan(5);
  expect(amounts.filter((amount) => !allowed.has(amount))).toEqual([]);
}

describe('GET /api/businesses/{id}/financial-plan/document', () => {
  it('the business plan as DOCX: every section, the name, the break-even month and the yearly revenue', async () => {
    const who = await ownerWithPlanAndReport();
    const res = await download(who.cookie, who.businessId, 'format=docx&kind=plan');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('wordprocessingml');
    expect(res.headers.get('content-disposition')).toContain('plan-de-empresa-cestas-la-alacena.docx');
    const text = await docxText(res);
    expectThePlanIn(text, BUSINESS_PLAN_HEADINGS);
    // The market from the research, with its sources and their kinds.
    expect(flat(text)).toContain('El consumo de producto local crece cada año [1]');
    expect(flat(text)).toContain(
      '[1] Consumo de producto local — https://estadistica.example.com/consumo-local (Fuente)',
    );
    expect(flat(text)).toContain('Dos colmados cercanos venden cestas similares (Estimación)');
    expect(flat(text)).toContain('probarlo con una preventa de 30 cestas');
  });

  it('the business plan as PDF: the same, read back with the PDF text reader', async () => {
    const who = await ownerWithPlanAndReport();
    const res = await download(who.cookie, who.businessId, 'format=pdf&kind=plan');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(res);
    expectThePlanIn(text, BUSINESS_PLAN_HEADINGS);
    expect(flat(text)).toContain('Que los vecinos compren cestas cada semana');
  });

  it('the one-pager in both formats', async () => {
    const who = await ownerWithPlanAndReport();
    const docx = await download(who.cookie, who.businessId, 'format=docx&kind=one-pager');
    expectThePlanIn(await docxText(docx), ONE_PAGER_HEADINGS);
    const pdf = await download(who.cookie, who.businessId, 'format=pdf&kind=one-pager');
    expect(pdf.headers.get('content-disposition')).toContain('resumen-cestas-la-alacena.pdf');
    const text = await pdfText(pdf);
    expectThePlanIn(text, ONE_PAGER_HEADINGS);
    const pdfjs = await import('unpdf');
    const document = await pdfjs.getDocumentProxy(
      new Uint8Array(
        await (await download(who.cookie, who.businessId, 'format=pdf&kind=one-pager')).arrayBuffer(),
      ),
    );
    expect(document.numPages).toBeLessThanOrEqual(2);
  });

  it('says what the report does not cover rather than inventing it', async () => {
    const who = await chatOwner(t, { planId: 9, credits: 10, idea: { ...MINIMAL_IDEA, name: NAME } });
    await planCalls(t).save(who.cookie, who.businessId, shopPlan);
    const text = flat(await docxText(await download(who.cookie, who.businessId, 'format=docx')));
    expect(text).toContain('Este negocio todavía no tiene estudio de mercado');
    expect(text).toContain('El estudio de mercado no cubre este apartado todavía.');
  });

  it("is the owner's only", async () => {
    const who = await ownerWithPlanAndReport();
    const stranger = await chatOwner(t, { planId: 11, credits: 10 });
    expect((await download(undefined, who.businessId, 'format=pdf')).status).toBe(401);
    expect((await download(stranger.cookie, who.businessId, 'format=pdf')).status).toBe(404);
    expect((await download(who.cookie, who.businessId, 'format=odt')).status).toBe(400);
  });
});
