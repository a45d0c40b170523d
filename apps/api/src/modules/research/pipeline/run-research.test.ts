import { REPORT_SECTION_KEYS, type ReportSection } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { modelAssistant } from '../../../ai/assistant.ts';
import { openAICompatibleModel } from '../../../ai/openai-compatible.ts';
import { researches } from '../../../db/schema/index.ts';
import { createLogger } from '../../../logger.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { chatOwner } from '../../../test/chat-owner.ts';
import { type FakeOpenAI, type RecordedRequest, startFakeOpenAI } from '../../../test/fakes/openai.ts';
import {
  FAKE_PLAN,
  isResearchRequest,
  promptOf,
  type ResearchModelOptions,
  requestedSection,
  researchModelScript,
} from '../../../test/fakes/research-model.ts';
import { GroundingFailed, grounding } from '../grounding/grounding-process.ts';
import { sourcesOf, toReport } from '../store.ts';
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
let behaviour: ResearchModelOptions = {};
/** A test's own answer to some requests (a server that refuses response_format). */
let override: ((body: RecordedRequest['body']) => ReturnType<typeof researchModelScript> | null) | null =
  null;

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
      return override?.(body) ?? researchModelScript(body, behaviour);
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

describe('structured output that works with real servers', () => {
  it('ends a run whose plan came back in prose in a complete report, from the default questions', async () => {
    behaviour = { prosePlan: true };
    const id = await newRun(7);
    await runResearch(deps(), id, new AbortController().signal);
    behaviour = {};
    const run = await stored(id);
    expect(run.status).toBe('completed');
    const plan = run.plan as Array<{ question: string; sections: string[] }>;
    // The usual seven, and the public-funding question every plan asks (ADR 0051).
    expect(plan).toHaveLength(8);
    expect(plan[0]?.question).toMatch(/^¿Qué tamaño tiene el mercado de .+ en España y cuánto crece\?$/);
    expect(plan[0]?.sections).toEqual(['mercado', 'tendencias']);
    expect(plan[7]?.question).toMatch(/^¿Qué ayudas públicas, .+ en España\?$/);
    expect(plan[7]?.sections).toEqual(['ayudas']);
    expect(Object.keys(run.sections).sort()).toEqual([...REPORT_SECTION_KEYS].sort());
  });

  it('sends each step’s schema as response_format, and goes on without it when a server refuses it', async () => {
    const before = model.requests.length;
    const id = await newRun(7);
    await runResearch(deps(), id, new AbortController().signal);
    const planRequest = requestsSince(before).find((r) => promptOf(r.body).includes('Vas a planificar'));
    const format = planRequest?.body.response_format as {
      type: string;
      json_schema: { schema: { properties: Record<string, unknown> } };
    };
    expect(format.type).toBe('json_schema');
    expect(Object.keys(format.json_schema.schema.properties)).toEqual(['questions']);

    const refused: boolean[] = [];
    override = (body) => {
      refused.push('response_format' in body);
      return body.response_format ? { tokens: [], status: 400 } : null;
    };
    const refusing = modelAssistant(
      'openai-compatible:fake-research',
      openAICompatibleModel({ baseURL: model.url, modelId: 'fake-research' }),
      { vision: false },
    );
    const second = await newRun(7);
    await runResearch(deps({ assistant: refusing }), second, new AbortController().signal);
    override = null;
    expect((await stored(second)).status).toBe('completed');
    expect(refused.slice(0, 2)).toEqual([true, false]);
    expect(refused.slice(2).every((sent) => !sent)).toBe(true);
  });
});

describe('each section gets its own material', () => {
  it('gives a section every finding of its questions, beyond one section’s share, and the summary the sections', async () => {
    // Four questions (the plan's three and public funding) of long findings: more than one section's
    // share, within what a 50,000-token run gives the sections that read them.
    behaviour = { longFindings: 900 };
    const before = model.requests.length;
    // Founder: the model's knowledge, one pass per question (no follow-ups adding to the material).
    const id = await newRun(5);
    await runResearch(deps(), id, new AbortController().signal);
    behaviour = {};
    const run = await stored(id);
    const notes = run.notes as Record<string, { findings: Array<{ text: string }> }>;
    // A section reads each finding on one line, its spaces collapsed.
    const all = Object.values(notes).flatMap((n) =>
      n.findings.map((f) => f.text.replace(/\s+/g, ' ').trim()),
    );
    // Each question's own findings (the 'Falta dato' line is the same in all of them).
    const findings = (question: string) =>
      (notes[question]?.findings ?? [])
        .map((f) => f.text.replace(/\s+/g, ' ').trim())
        .filter((text) => all.indexOf(text) === all.lastIndexOf(text));
    // More than the old single digest (6,000 characters) and than one section's share.
    expect(all.join('').length).toBeGreaterThan(8_000);
    const prompts = new Map(
      requestsSince(before).flatMap((r) => {
        const section = requestedSection(r.body);
        return section ? [[section, promptOf(r.body)] as const] : [];
      }),
    );
    const mapped: Record<string, string[]> = {
      'Mercado: TAM, SAM y SOM': ['p1'],
      'Segmentos de clientes': ['p1'],
      Competidores: ['p2'],
      Precios: ['p2'],
      'Regulación y trámites': ['p3'],
    };
    for (const [section, questions] of Object.entries(mapped)) {
      const prompt = prompts.get(section) ?? '';
      for (const q of FAKE_PLAN.map((_, i) => `p${i + 1}`)) {
        for (const text of findings(q))
          expect(prompt.includes(text), `${section} ← ${q}`).toBe(questions.includes(q));
      }
    }
    const summary = prompts.get('Resumen') ?? '';
    for (const key of REPORT_SECTION_KEYS.filter((k) => k !== 'resumen')) {
      const section = run.sections[key];
      expect(summary).toContain(`## ${section?.title}`);
      expect(summary).toContain(section?.claims[0]?.text);
    }
    // Sections read whole questions; what did not fit in one (those no question is mapped to read them
    // all) is listed, never cut silently.
    for (const entry of run.missing)
      expect(entry).toMatch(/^Sin espacio en la sección «(Canales|Tendencias)»/);
  });
});

describe('depth', () => {
  const FILLER = 'Los vecinos pasearon por el parque durante una semana soleada y tranquila. '.repeat(45);
  const OFFICIAL = `${FILLER}En España hay 1.250 cafeterías de especialidad y el gasto medio por visita es de 4,20 euros. ${FILLER}`;
  const BLOG =
    'Un blog cuenta que los clientes de café de especialidad vuelven cada semana y valoran el trato. '.repeat(
      4,
    );

  it('searches again for thin questions, reads the passage that answers, counts a tracking-parameter copy once, and reads the official source first', async () => {
    behaviour = { followUps: true };
    const queries: string[] = [];
    const web: SearchClient = {
      search: async (query) => {
        queries.push(query);
        return [
          { url: 'https://blog.example/cafe?utm_source=boletin', title: 'Blog', snippet: query },
          { url: 'https://blog.example/cafe/', title: 'Blog', snippet: query },
          { url: 'https://www.ine.es/cafe', title: 'INE', snippet: query },
        ];
      },
    };
    const fetched: string[] = [];
    const pages: PageFetcher = async (url) => {
      fetched.push(url);
      return { url, title: new URL(url).hostname, text: url.includes('ine.es') ? OFFICIAL : BLOG };
    };
    const before = model.requests.length;
    const id = await newRun(12);
    await runResearch(deps({ search: web, fetchPage: pages }), id, new AbortController().signal);
    behaviour = {};
    const run = await stored(id);
    expect(run.status).toBe('completed');
    expect(run.tokensUsed).toBeLessThanOrEqual(run.maxTokens);

    const sources = await sourcesOf(t.database.db, id);
    expect(sources.map((s) => s.url)).toEqual(['https://www.ine.es/cafe', 'https://blog.example/cafe']);
    expect(fetched).toEqual(['https://www.ine.es/cafe', 'https://blog.example/cafe?utm_source=boletin']);
    expect(OFFICIAL.indexOf('1.250 cafeterías')).toBeGreaterThan(2_400);
    const firstNotes = requestsSince(before).find((r) => promptOf(r.body).includes('<fuente n="1"'));
    expect(promptOf(firstNotes?.body ?? { model: '', messages: [] })).toContain('1.250 cafeterías');

    // Every question was thin (the model names what is missing): follow-ups, within breadth × depth.
    expect(queries.length).toBeGreaterThan(FAKE_PLAN.length);
    expect(queries).toContain('número de cafeterías por barrio');
    expect(Object.keys(run.notes as object)).toContain('p1+1');
    const report = toReport(run, 'Cafetería', sources);
    expect(report.questions[0]).toMatchObject({
      question: FAKE_PLAN[0]?.question,
      sources: [1, 2],
      fallback: false,
      sections: ['mercado', 'segmentos'],
    });
    expect(report.questions[0]?.queries).toEqual(
      expect.arrayContaining([FAKE_PLAN[0]?.query, 'número de cafeterías por barrio']),
    );
  });

  it('says which questions fell back to the model’s knowledge when no page could be read', async () => {
    const id = await newRun(7);
    const nothing: SearchClient = { search: async () => [] };
    await runResearch(deps({ search: nothing }), id, new AbortController().signal);
    const report = toReport(await stored(id), 'Cafetería', []);
    // The plan's three, and the public-funding question added to it (ADR 0051).
    expect(report.questions.map((q) => q.fallback)).toEqual([true, true, true, true]);
    expect(report.questions[0]?.queries[0]).toBe(FAKE_PLAN[0]?.query);
    expect(report.questions[0]?.sources).toEqual([]);
  });
});

describe('the grounding process', () => {
  /** A run of plan 7's study, stored: with `spy` in place of a grounding call when one is given. */
  async function groundedRun(spy?: { mockRestore(): void }) {
    const id = await newRun(7);
    try {
      await runResearch(deps(), id, new AbortController().signal);
    } finally {
      spy?.mockRestore();
    }
    return stored(id);
  }

  it("leaves out a page whose passages it could not give, and the page's question is still researched", async () => {
    const expected = await groundedRun();

    const passagesFor = grounding.passagesFor;
    let failed = 0;
    const spy = vi.spyOn(grounding, 'passagesFor').mockImplementation(async (text, question) => {
      if (failed > 0) return passagesFor(text, question);
      failed += 1;
      throw new GroundingFailed('the grounding process ended twice');
    });
    const run = await groundedRun(spy);
    expect(failed).toBe(1);
    expect(run).toMatchObject({ status: 'completed', mode: 'web' });
    // No question is listed as not researched because of one page.
    expect(run.missing).toEqual(expected.missing);
  });

  it('ends a run in the same report when its grounding process is killed in the middle', async () => {
    const claimsOf = (sections: Record<string, ReportSection>) =>
      REPORT_SECTION_KEYS.map((key) => sections[key]?.claims);
    const expected = await groundedRun();
    expect(expected).toMatchObject({ status: 'completed', mode: 'web' });

    // The first section's check: its process is killed as soon as the check is asked for, before it answers.
    const check = grounding.checkSection;
    const killed: number[] = [];
    const spy = vi.spyOn(grounding, 'checkSection').mockImplementation(async (input) => {
      const answer = check(input);
      if (killed.length === 0) {
        killed.push(...grounding.pids());
        for (const pid of killed) process.kill(pid, 'SIGKILL');
      }
      return answer;
    });
    const run = await groundedRun(spy);
    expect(killed).toHaveLength(1);
    expect(killed[0]).not.toBe(process.pid);
    expect(run).toMatchObject({ status: 'completed', partial: expected.partial, mode: 'web' });
    expect(claimsOf(run.sections)).toEqual(claimsOf(expected.sections));
    expect(run.missing).toEqual(expected.missing);
    // Another process finished the run, and is there for the next.
    expect(grounding.pids()).toHaveLength(1);
    expect(grounding.pids()).not.toContain(killed[0]);
  });
});
