import crypto from 'node:crypto';
import { ERROR_CODES, ROADMAP_REVIEW_COST, type RoadmapProposal, type RoadmapView } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Assistant } from '../../ai/assistant.ts';
import { researchBlock } from '../../ai/prompts/research-context.es.ts';
import { ROADMAP_SYSTEM, roadmapAnswerSchema, roadmapPrompt } from '../../ai/prompts/roadmap-review.es.ts';
import { completeJson } from '../../ai/structured.ts';
import type { Db } from '../../db/client.ts';
import { latestStudyReport } from '../../db/latest-study.ts';
import { roadmaps, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { toBusiness } from '../businesses/business-wire.ts';
import { debit, refund } from '../credits/credits.ts';
import { latestReport } from './create-roadmap.ts';
import { boundedMilestones, proposalOf } from './revision.ts';
import { roadmapView } from './roadmap-store.ts';
import { roadmapTemplate, type TemplateMilestone } from './template.es.ts';

const REVIEW_MAX_OUTPUT_TOKENS = 3_000;
const REVIEW_TIMEOUT_MS = 120_000;
/** The report's topics a roadmap rests on: its sections that share the most words with these come first. */
const TOPICS = 'supuestos experimento riesgos viabilidad regulación trámites licencias clientes canales';

/** The model's roadmap, or undefined when it gives none (the credit is then given back). */
async function modelMilestones(
  assistant: Assistant,
  db: Db,
  business: BusinessRow,
  current: RoadmapView,
): Promise<TemplateMilestone[] | undefined> {
  const research = await latestStudyReport(db, business.id);
  try {
    const { value } = await completeJson(assistant, roadmapAnswerSchema, {
      system: ROADMAP_SYSTEM,
      prompt: roadmapPrompt({
        business: toBusiness(business),
        current,
        research: research && researchBlock(research, TOPICS),
      }),
      maxOutputTokens: REVIEW_MAX_OUTPUT_TOKENS,
      signal: AbortSignal.timeout(REVIEW_TIMEOUT_MS),
    });
    const milestones = boundedMilestones(
      value.milestones.map((m) => ({
        stage: business.stage === 'idea' ? m.stage : null,
        title: m.title,
        tasks: m.tasks,
      })),
    );
    return milestones.some((m) => m.tasks.length > 0) ? milestones : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/businesses/{id}/roadmap/proposal ('Revisar mi hoja de ruta', ADR 0055): the advisor's model
 * proposes the roadmap through the structured-output path research uses, with the budget rules of
 * 'Proponer supuestos' (one credit, given back when nothing usable comes out). Without a model (or in
 * demo mode) the proposal is the template, free. Nothing changes until the founder applies it.
 */
export async function proposeRevision(
  deps: { db: Db; assistant: Assistant },
  userId: number,
  business: BusinessRow,
): Promise<RoadmapView> {
  const { db, assistant } = deps;
  const current = await roadmapView(db, business);
  if (!current.roadmap) throw notFound('Este negocio todavía no tiene hoja de ruta');

  let proposal: RoadmapProposal;
  if (!assistant.label || assistant.demo) {
    const report = await latestReport(db, business.id);
    proposal = proposalOf(current, 'plantilla', roadmapTemplate(business, report?.sections ?? null));
  } else {
    const [user] = await db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
    const sourceId = `roadmap-review:${business.id}:${crypto.randomUUID()}`;
    if (!(await debit(db, userId, ROADMAP_REVIEW_COST, sourceId, new Date(), user?.planId ?? -1))) {
      throw new AppError(
        402,
        ERROR_CODES.creditsExhausted,
        'No te quedan créditos para que el mentor revise tu hoja de ruta. Mejora tu plan o espera a que se renueven.',
      );
    }
    const milestones = await modelMilestones(assistant, db, business, current);
    if (!milestones) {
      await refund(db, sourceId);
      throw new AppError(
        502,
        ERROR_CODES.roadmapProposalFailed,
        'El mentor no ha podido revisar tu hoja de ruta ahora. No se ha cobrado nada; inténtalo de nuevo en unos minutos.',
      );
    }
    proposal = proposalOf(current, 'mentor', milestones);
  }
  await db.update(roadmaps).set({ proposal }).where(eq(roadmaps.businessId, business.id));
  return roadmapView(db, business);
}
