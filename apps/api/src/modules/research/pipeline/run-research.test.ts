import { REPORT_SECTION_KEYS, type ReportSection } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelAssistant } from '../../../ai/assistant.ts';
import { openAICompatibleModel } from '../../../ai/openai-compatible.ts';
import { researches } from '../../../db/schema/index.ts';
import { createLogger } from '../../../logger.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { chatOwner } from '../../../test/chat-owner.ts';
import { type FakeOpenAI, type RecordedRequest, startFakeOpenAI } from '../../../test/fakes/openai.ts';
import {
  isResearchRequest,
  requestedSection,
  researchModelScript,
} from '../../../test/fakes/research-model.ts';
import type { PageFetcher } from '../web/fetch-page.ts';
import type { SearchClient } from '../web/search.ts';
import { type ResearchRunDeps, runResearch } from './run-research.ts';

/**
 * The pipeline called directly, as the job calls it after its claim: what the budget, the time limit
 * and a stop in the middle leave behind. The model is the loopback fake scripted per step; search and
 * pages are in memory (the web module has its own tests against loopback fakes).
 */
let model: FakeOpenAI;
let t: TestApp;
/** Called before each research request is answered (a test stops the run from here). */
let onRequest: (body: RecordedRequest['body']) => void = () => {};

const PAGE_TEXT =
  'El consumo de café de especialidad creció un 12 % en 2025 y ya hay más de 800 cafeterías de especialidad en España. '.repeat(
    3,
  );
const search: SearchClient = {
  search: async (query) => [
    { url: 'https://datos.example/cafe', title: 'Café', snippet: query },
    { url: 'https://datos.example/precios', title: 'Precios', snippet: query },
  ],
};
const fetchPage: PageFetcher = async (url) => ({
  url,
  title: `Página ${new URL(url).pathname}`,
  text: PAGE_TEXT,
});

beforeAll(async () => {
  model = await startFakeOpenAI({
    script: (body) => {
      if (!isResearchRequest(body)) return { tokens: ['Hola'] };
      onRequest(body);
      return researchModelScript(body);
    },
  });
  t = await createTestApp({});
});
afterAll(async () => {
  await t?.close();
  await model?.close();
});

function deps(overrides: Partial<ResearchRunDeps> = {}): ResearchRunDeps {
  return {
    db: t.database.db,
    assistant: modelAssistant(
      'openai-compatible:fake-research',
      openAICompatibleModel({ baseURL: model.url, modelId: 'fake-research' }),
      { vision: false },
    ),
    logger: createLogger('silent'),
    search,
    fetchPage,
    timeLimitMs: 900_000,
    modelSlots: { run: (fn) => fn() },
    ...overrides,
  };
}

/** A business on `planId` and its run, as the server leaves it when the business is created. */
async function newRun(planId: number, set: Partial<typeof researches.$inferInsert> = {}) {
  const who = await chatOwner(t, { planId, credits: 10 });
  const [run] = await t.database.db
    .update(researches)
    .set({ status: 'running', startedAt: new Date(), ...set })
    .where(eq(researches.businessId, who.businessId))
    .returning();
  if (!run) throw new Error('the server did not create the run');
  return run.id;
}

async function stored(id: number) {
  const [row] = await t.database.db.select().from(researches).where(eq(researches.id, id));
  if (!row) throw new Error('run gone');
  return {
    ...row,
    sections: row.sections as Record<string, ReportSection>,
    missing: row.missing as string[],
  };
}

const requestsSince = (before: number) =>
  model.requests.slice(before).filter((r) => isResearchRequest(r.body));

describe('a run that runs out of budget or time', () => {
  it('ends in a partial report with a summary when the budget cannot pay for any section', async () => {
    const id = await newRun(5, { maxTokens: 400 });
    const before = model.requests.length;
    await runResearch(deps(), id, new AbortController().signal);
    const run = await stored(id);
    expect(run).toMatchObject({ status: 'completed', partial: true, stage: 'done', progress: 1000 });
    expect(Object.keys(run.sections)).toEqual(['resumen']);
    expect(run.summary).toMatch(/presupuesto/);
    expect(run.missing.length).toBeGreaterThan(0);
    // The plan spent the budget: nothing more is asked (no findings, no section, no summary).
    expect(requestsSince(before).map((r) => requestedSection(r.body))).toEqual([null]);
    expect(run.tokensUsed).toBeGreaterThan(400);
  });

  it('writes what it can when the time limit has already passed', async () => {
    const id = await newRun(7, { startedAt: new Date(Date.now() - 3_600_000) });
    const before = model.requests.length;
    await runResearch(deps({ timeLimitMs: 60_000 }), id, new AbortController().signal);
    const run = await stored(id);
    expect(run).toMatchObject({ status: 'completed', partial: true, mode: 'web' });
    expect(run.sections.resumen?.claims.length).toBeGreaterThan(0);
    expect(run.missing.join('\n')).toMatch(/tiempo/);
    // Its time was over before it started: the model is not asked for anything.
    expect(requestsSince(before)).toEqual([]);
  });
});

describe('a run stopped in the middle', () => {
  it('resumes from its stored steps: the plan, the findings and the finished sections are not asked again', async () => {
    const id = await newRun(7);
    const stop = new AbortController();
    let writes = 0;
    onRequest = (body) => {
      if (requestedSection(body) && ++writes === 4) stop.abort(new Error('parada de prueba'));
    };
    const before = model.requests.length;
    await expect(runResearch(deps(), id, stop.signal)).rejects.toThrow();
    onRequest = () => {};
    const halfway = await stored(id);
    const written = Object.keys(halfway.sections);
    expect(written.length).toBe(3);

    const resumed = model.requests.length;
    await runResearch(deps(), id, new AbortController().signal);
    const run = await stored(id);
    expect(run.status).toBe('completed');
    expect(Object.keys(run.sections).sort()).toEqual([...REPORT_SECTION_KEYS].sort());
    const again = requestsSince(resumed);
    const sectionTitles = again.map((r) => requestedSection(r.body)).filter((s) => s !== null);
    for (const key of written) {
      expect(sectionTitles).not.toContain(halfway.sections[key]?.title);
    }
    expect(again.some((r) => JSON.stringify(r.body.messages).includes('Vas a planificar'))).toBe(false);
    expect(again.some((r) => JSON.stringify(r.body.messages).includes('Pregunta de investigación:'))).toBe(
      false,
    );
    // Every section was asked for once over both attempts, the one cut short included.
    const perSection = new Map<string, number>();
    for (const r of requestsSince(before)) {
      const s = requestedSection(r.body);
      if (s) perSection.set(s, (perSection.get(s) ?? 0) + 1);
    }
    expect([...perSection.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
  });
});
