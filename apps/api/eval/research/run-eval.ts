/**
 * `npm run eval:research [-- --fake]`: runs the research pipeline over the evaluation profiles against
 * the model the environment configures (and its search provider, if any) and measures each report twice:
 * before the check (the sections as the model wrote them) and after (as stored). `--fake` runs it offline
 * against an adversarial model and adversarial pages (fake-web.ts) and fails when the stored reports let
 * anything through, or when the adversary did not show up before the check (the measure would prove
 * nothing). With EVAL_JUDGE_* set, a judge model compares each report with a single-prompt report for
 * the same profile, in both orders, and the preference rate is printed.
 */
import {
  establishedInputSchema,
  ideaInputSchema,
  REPORT_SECTION_KEYS,
  type ReportSection,
  type ResearchReport,
} from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import { z } from 'zod';
import { type Assistant, createAssistant } from '../../src/ai/assistant.ts';
import { extractJsonObject } from '../../src/ai/structured.ts';
import { openDatabase } from '../../src/db/client.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import { researches, users } from '../../src/db/schema/index.ts';
import { type Env, loadEnv } from '../../src/env.ts';
import { createLogger } from '../../src/logger.ts';
import { createBusiness } from '../../src/modules/businesses/create-business.ts';
import { runResearch } from '../../src/modules/research/pipeline/run-research.ts';
import { sourcesOf, toReport } from '../../src/modules/research/store.ts';
import { createPageFetcher } from '../../src/modules/research/web/fetch-page.ts';
import { createSearchClient } from '../../src/modules/research/web/search.ts';
import { adversarialEnv } from './fake-web.ts';
import { pairwiseJudge } from './judge.ts';
import {
  addMetrics,
  type ClaimMetrics,
  claimMetrics,
  type EvalClaim,
  NO_CLAIMS,
  sectionByTitle,
} from './metrics.ts';
import { EVAL_PROFILES } from './profiles.ts';

export interface EvalRow {
  perfil: string;
  modo: string;
  secciones: string;
  fuentes: number;
  tokens: number;
  segundos: number;
}

export interface EvalResult {
  rows: EvalRow[];
  before: ClaimMetrics;
  after: ClaimMetrics;
  /** Findings that reached the sections their questions feed, of all of them. */
  findings: { reached: number; total: number };
  /** Pairwise preference for Rumbo's report over a single-prompt one, 0 to 1 (with a judge). */
  preference?: number;
}

interface Recorded {
  prompt: string;
  text: string;
}

/** The assistant, with every structured step's prompt and answer kept (the sections before the check). */
function recording(assistant: Assistant, calls: Recorded[]): Assistant {
  return {
    ...assistant,
    async complete(request) {
      const answer = await assistant.complete(request);
      calls.push({ prompt: request.prompt, text: answer.text });
      return answer;
    },
  };
}

/** Each section's first answer, as the model wrote it. */
function sectionsBeforeCheck(calls: Recorded[]): Map<string, { prompt: string; claims: EvalClaim[] }> {
  const sections = new Map<string, { prompt: string; claims: EvalClaim[] }>();
  for (const call of calls) {
    const title = /Escribe la sección «([^»]+)»/.exec(call.prompt)?.[1];
    if (!title || sections.has(title)) continue;
    const parsed = z
      .object({
        claims: z.array(
          z.object({ text: z.string(), kind: z.string(), sources: z.array(z.number()).default([]) }),
        ),
      })
      .safeParse(extractJsonObject(call.text));
    sections.set(title, { prompt: call.prompt, claims: parsed.success ? parsed.data.claims : [] });
  }
  return sections;
}

interface StoredPlanQuestion {
  id: string;
  sections?: string[];
}

/** Findings that reached the prompts of the sections their question feeds (the mapping the plan made). */
function findingsReach(
  plan: StoredPlanQuestion[],
  notes: Record<string, { findings?: Array<{ text: string }> }>,
  prompts: Map<string, { prompt: string }>,
): { reached: number; total: number } {
  let reached = 0;
  let total = 0;
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  for (const [title, { prompt: asked }] of prompts) {
    const prompt = flat(asked);
    const key = sectionByTitle.get(title);
    if (!key) continue;
    for (const question of plan.filter((q) => q.sections?.includes(key))) {
      const texts = Object.entries(notes)
        .filter(([id]) => id === question.id || id.startsWith(`${question.id}+`))
        .flatMap(([, pass]) => (pass.findings ?? []).map((f) => f.text));
      for (const text of texts) {
        total += 1;
        if (prompt.includes(flat(text))) reached += 1;
      }
    }
  }
  return { reached, total };
}

/** Runs the evaluation; returns its rows and measures (and prints nothing). */
export async function evaluate(
  env: Env,
  profileCount = EVAL_PROFILES.length,
  judge: Assistant | null = null,
): Promise<EvalResult> {
  const logger = createLogger('silent');
  const base = createAssistant(env, logger);
  const database = await openDatabase({ memory: true });
  await applyMigrations(database);
  const db = database.db;
  const result: EvalResult = {
    rows: [],
    before: NO_CLAIMS,
    after: NO_CLAIMS,
    findings: { reached: 0, total: 0 },
  };
  const preferences: number[] = [];
  try {
    for (const [index, profile] of EVAL_PROFILES.slice(0, profileCount).entries()) {
      const [user] = await db
        .insert(users)
        .values({
          fullName: 'Evaluación',
          email: `eval${index}@example.com`,
          username: `eval${index}`,
          planId: 12,
        })
        .returning();
      const { stage, ...fields } = profile;
      // The profiles are checked as the API's route checks a request.
      const input = (stage === 'idea' ? ideaInputSchema : establishedInputSchema).parse(fields);
      const business = await createBusiness(db, user?.id ?? 0, stage, input);
      const [run] = await db
        .insert(researches)
        .values({ businessId: business.id, maxTokens: 50_000, status: 'running', startedAt: new Date() })
        .returning();
      const id = run?.id ?? 0;
      const calls: Recorded[] = [];
      const started = performance.now();
      await runResearch(
        {
          db,
          assistant: recording(base, calls),
          logger,
          search: createSearchClient(env),
          fetchPage: createPageFetcher({ allowLoopback: env.RESEARCH_ALLOW_LOOPBACK }),
          timeLimitMs: env.RESEARCH_TIME_LIMIT_S * 1000,
          modelSlots: { run: pLimit(1) },
        },
        id,
        new AbortController().signal,
      ).catch((error: unknown) => logger.warn({ err: error }, 'evaluation run failed'));
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const [stored] = await db.select().from(researches).where(eq(researches.id, id));
      const sources = await sourcesOf(db, id);
      const report = toReport(stored ?? (run as typeof researches.$inferSelect), profile.name, sources);
      const texts = sources.map((s) => ({ number: s.number, url: s.url, text: s.text }));

      const raw = sectionsBeforeCheck(calls);
      result.before = addMetrics(
        result.before,
        claimMetrics(
          [...raw.values()].flatMap((s) => s.claims),
          texts,
        ),
      );
      result.after = addMetrics(
        result.after,
        claimMetrics(
          report.sections.flatMap((s: ReportSection) => s.claims),
          texts,
        ),
      );
      const reach = findingsReach(
        (stored?.plan ?? []) as StoredPlanQuestion[],
        (stored?.notes ?? {}) as Record<string, { findings?: Array<{ text: string }> }>,
        raw,
      );
      result.findings.reached += reach.reached;
      result.findings.total += reach.total;
      result.rows.push({
        perfil: profile.name,
        modo: report.mode ?? '—',
        secciones: `${report.sections.length}/${REPORT_SECTION_KEYS.length}`,
        fuentes: sources.length,
        tokens: report.tokens_used,
        segundos: seconds,
      });
      if (judge) preferences.push(...(await pairwiseJudge(judge, base, profile, report as ResearchReport)));
    }
  } finally {
    await base.close();
    await database.close();
  }
  if (preferences.length > 0) result.preference = preferences.reduce((a, b) => a + b, 0) / preferences.length;
  return result;
}

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`);

/** The before/after table that `npm run eval:research` prints (and the README shows). */
export function beforeAfterTable(result: EvalResult): Array<Record<string, string | number>> {
  const { before, after, findings } = result;
  return [
    {
      medida: "'Fuente' respaldada por su fuente",
      'antes del control': share(before.supported, before.sourced),
      'después del control': share(after.supported, after.sourced),
    },
    {
      medida: "'Fuente' sin respaldo (inventada o mal citada)",
      'antes del control': before.fabricated,
      'después del control': after.fabricated,
    },
    {
      medida: 'Enlaces, etiquetas e instrucciones ajenos',
      'antes del control': before.unsafe,
      'después del control': after.unsafe,
    },
    {
      medida: 'Afirmaciones en inglés',
      'antes del control': before.english,
      'después del control': after.english,
    },
    {
      medida: 'Hallazgos que llegan a sus secciones',
      'antes del control': '—',
      'después del control': `${share(findings.reached, findings.total)} (${findings.reached}/${findings.total})`,
    },
  ];
}

/**
 * What makes `--fake` fail: the stored reports let something through, a section is missing, or the
 * adversary never showed up before the check.
 */
export function failures(result: EvalResult): string[] {
  const { before, after, findings, rows } = result;
  const found: string[] = [];
  if (after.supported !== after.sourced) found.push("una 'fuente' guardada no la respalda su fuente");
  if (after.fabricated > 0) found.push("quedan 'fuente' sin respaldo");
  if (after.unsafe > 0) found.push('quedan enlaces, etiquetas o instrucciones ajenos');
  if (after.english > 0) found.push('quedan afirmaciones en inglés');
  if (findings.reached !== findings.total) found.push('hay hallazgos que no llegan a su sección');
  if (rows.some((r) => r.secciones !== `${REPORT_SECTION_KEYS.length}/${REPORT_SECTION_KEYS.length}`))
    found.push('falta alguna sección');
  if (before.fabricated === 0 || before.unsafe === 0 || before.english === 0)
    found.push('el adversario no apareció antes del control: la medida no prueba nada');
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = process.argv.includes('--fake');
  const setup = fake ? await adversarialEnv() : { env: loadEnv(), close: async () => {} };
  const { judgeFrom } = await import('./judge.ts');
  const result = await evaluate(setup.env, EVAL_PROFILES.length, judgeFrom(setup.env));
  await setup.close();
  console.table(result.rows);
  console.table(beforeAfterTable(result));
  if (result.preference !== undefined) {
    console.log(
      `Juez: el informe de Rumbo gana al de una sola pregunta en el ${Math.round(result.preference * 100)} % de las comparaciones (ambos órdenes).`,
    );
  }
  const tokens = result.rows.reduce((sum, row) => sum + row.tokens, 0);
  const broken = failures(result);
  console.log(
    `${result.rows.length} perfiles, ${tokens} tokens en total. ${broken.length === 0 ? 'Sin fallos.' : `Fallos: ${broken.join('; ')}.`}`,
  );
  process.exit(broken.length > 0 ? 1 : 0);
}
