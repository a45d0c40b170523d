/**
 * `npm run eval:research [-- --fake]`: runs the research pipeline over the evaluation profiles against
 * the model the environment configures (and its search provider, if any), and prints per profile the
 * sections present, invented citations, the share of claims with a kind and in Spanish, tokens and
 * time. With EVAL_JUDGE_* set, a judge model scores each report against the rubric. `--fake` runs it
 * offline against the loopback fakes (structure only) and fails when a report breaks a rule.
 */
import { establishedInputSchema, ideaInputSchema, REPORT_SECTION_KEYS } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import { z } from 'zod';
import { createAssistant, modelAssistant } from '../../../ai/assistant.ts';
import { openAICompatibleModel } from '../../../ai/openai-compatible.ts';
import { completeJson } from '../../../ai/structured.ts';
import { openDatabase } from '../../../db/client.ts';
import { applyMigrations } from '../../../db/migrate.ts';
import { researches, users } from '../../../db/schema/index.ts';
import { type Env, loadEnv } from '../../../env.ts';
import { createLogger } from '../../../logger.ts';
import { startFakeOpenAI } from '../../../test/fakes/openai.ts';
import {
  isResearchRequest,
  researchFakesEnv,
  researchModelScript,
} from '../../../test/fakes/research-model.ts';
import { startFakeSearch } from '../../../test/fakes/search.ts';
import { startFakeWebPages } from '../../../test/fakes/web-pages.ts';
import { createBusiness } from '../../businesses/create-business.ts';
import { runResearch } from '../pipeline/run-research.ts';
import { sourcesOf, toReport } from '../store.ts';
import { createPageFetcher } from '../web/fetch-page.ts';
import { createSearchClient } from '../web/search.ts';
import { reportMetrics } from './metrics.ts';
import { EVAL_PROFILES } from './profiles.ts';

const RUBRIC = `Puntúa de 1 a 10 este estudio de mercado para un emprendedor, según: 1) está fundamentado (cifras con fuente o marcadas como estimación, sin datos inventados); 2) es específico de este negocio, su país y su objetivo; 3) da pasos accionables; 4) es honesto con lo que falta; 5) está en español correcto.`;

const FAKE_PAGE = `<html><head><title>El sector en cifras</title></head><body><article><p>${'El sector creció un 6 % el último año según la asociación empresarial del país, con más clientes dispuestos a pagar por calidad y servicio cercano. '.repeat(4)}</p></article></body></html>`;

async function fakeEnv(): Promise<{ env: Env; close(): Promise<void> }> {
  const model = await startFakeOpenAI({
    script: (body) =>
      isResearchRequest(body) ? researchModelScript(body, { inventCitations: true }) : { tokens: ['{}'] },
  });
  const pages = await startFakeWebPages({ pages: { '/sector': { html: FAKE_PAGE } } });
  const search = await startFakeSearch({
    flavor: 'searxng',
    results: (query) => [{ url: `${pages.url}/sector`, title: 'Sector', snippet: query }],
  });
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...researchFakesEnv(model.url, search.url) });
  return {
    env,
    close: async () => {
      await model.close();
      await pages.close();
      await search.close();
    },
  };
}

export interface EvalRow {
  perfil: string;
  modo: string;
  secciones: string;
  'citas inventadas': number;
  'con tipo': string;
  'en español': string;
  tokens: number;
  segundos: number;
  juez?: number | string;
}

/** Runs the evaluation; returns the table's rows (and prints nothing). */
export async function evaluate(env: Env, profileCount = EVAL_PROFILES.length): Promise<EvalRow[]> {
  const logger = createLogger('silent');
  const assistant = createAssistant(env, logger);
  const database = await openDatabase({ memory: true });
  await applyMigrations(database);
  const db = database.db;
  const judge =
    env.EVAL_JUDGE_BASE_URL && env.EVAL_JUDGE_MODEL
      ? modelAssistant(
          `judge:${env.EVAL_JUDGE_MODEL}`,
          openAICompatibleModel({
            baseURL: env.EVAL_JUDGE_BASE_URL,
            modelId: env.EVAL_JUDGE_MODEL,
            apiKey: env.EVAL_JUDGE_API_KEY,
          }),
          { vision: false },
        )
      : null;
  const rows: EvalRow[] = [];
  try {
    for (const [index, profile] of EVAL_PROFILES.slice(0, profileCount).entries()) {
      const [user] = await db
        .insert(users)
        .values({
          fullName: 'Evaluación',
          email: `eval${index}@example.com`,
          username: `eval${index}`,
          planId: 7,
        })
        .returning();
      const { stage, ...fields } = profile;
      // The profiles are checked as the API's route checks a request.
      const input = (stage === 'idea' ? ideaInputSchema : establishedInputSchema).parse(fields);
      const business = await createBusiness(db, user?.id ?? 0, stage, input);
      const [run] = await db
        .insert(researches)
        .values({
          businessId: business.id,
          maxTokens: 50_000,
          status: 'running',
          startedAt: new Date(),
        })
        .returning();
      const id = run?.id ?? 0;
      const started = performance.now();
      await runResearch(
        {
          db,
          assistant,
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
      const report = toReport(
        stored ?? (run as typeof researches.$inferSelect),
        profile.name,
        await sourcesOf(db, id),
      );
      const metrics = reportMetrics(report);
      const row: EvalRow = {
        perfil: profile.name,
        modo: report.mode ?? '—',
        secciones: `${metrics.sections}/${REPORT_SECTION_KEYS.length}`,
        'citas inventadas': metrics.inventedCitations,
        'con tipo': `${Math.round(metrics.kindShare * 100)} %`,
        'en español': `${Math.round(metrics.spanishShare * 100)} %`,
        tokens: report.tokens_used,
        segundos: seconds,
      };
      if (judge) {
        const scored = await completeJson(judge, z.object({ score: z.number().min(1).max(10) }), {
          system: 'Eres un evaluador exigente de estudios de mercado.',
          prompt: `${RUBRIC}\n\nEstudio:\n${JSON.stringify(report.sections)}`,
          maxOutputTokens: 200,
          signal: AbortSignal.timeout(120_000),
        }).catch(() => null);
        row.juez = scored?.value.score ?? 'sin nota';
      }
      rows.push(row);
    }
  } finally {
    await assistant.close();
    await database.close();
  }
  return rows;
}

/** A row breaks the rules checked offline: a section missing, or a citation invented. */
export const breaksRules = (row: EvalRow) =>
  row.secciones !== `${REPORT_SECTION_KEYS.length}/${REPORT_SECTION_KEYS.length}` ||
  row['citas inventadas'] > 0;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = process.argv.includes('--fake');
  const setup = fake ? await fakeEnv() : { env: loadEnv(), close: async () => {} };
  const rows = await evaluate(setup.env);
  await setup.close();
  console.table(rows);
  const tokens = rows.reduce((sum, row) => sum + row.tokens, 0);
  console.log(
    `${rows.length} perfiles, ${tokens} tokens en total, ${rows.filter(breaksRules).length} con fallos de estructura o citas`,
  );
  process.exit(fake && rows.some(breaksRules) ? 1 : 0);
}

export { fakeEnv };
