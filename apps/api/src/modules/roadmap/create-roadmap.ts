import { ERROR_CODES, PRODUCT_EVENTS, type RoadmapView } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { latestStudyId } from '../../db/latest-study.ts';
import { researches, roadmapMilestones, roadmaps, roadmapTasks } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { TrackEvent } from '../../lib/track.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { roadmapView } from './roadmap-store.ts';
import { type ReportSections, roadmapTemplate, type TemplateMilestone } from './template.es.ts';

/** The latest completed research a model wrote (a scaffold has nothing to build on). */
export async function latestReport(
  db: Db,
  businessId: number,
): Promise<{ id: number; sections: ReportSections } | undefined> {
  const [row] = await db
    .select({ id: researches.id, sections: researches.sections })
    .from(researches)
    .where(eq(researches.id, latestStudyId(businessId, { written: true })));
  return row ? { id: row.id, sections: row.sections as ReportSections } : undefined;
}

/** The milestones and tasks of a roadmap as rows of `businessId`, positions in the given order. */
export async function insertMilestones(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  businessId: number,
  milestones: TemplateMilestone[],
): Promise<void> {
  for (const [position, milestone] of milestones.entries()) {
    const [row] = await tx
      .insert(roadmapMilestones)
      .values({ businessId, stage: milestone.stage, title: milestone.title, position })
      .returning({ id: roadmapMilestones.id });
    if (!row || milestone.tasks.length === 0) continue;
    await tx.insert(roadmapTasks).values(
      milestone.tasks.map((task, index) => ({
        businessId,
        milestoneId: row.id,
        kind: task.kind,
        title: task.title,
        why: task.why,
        doneWhen: task.done_when,
        position: index,
      })),
    );
  }
}

/**
 * POST /api/businesses/{id}/roadmap ('Crear mi hoja de ruta', ADR 0055): the template from the profile
 * and the latest report. A business has one roadmap; asking again is refused (409).
 */
export async function createRoadmap(
  deps: { db: Db; track: TrackEvent },
  userId: number,
  business: BusinessRow,
): Promise<RoadmapView> {
  const { db, track } = deps;
  const report = await latestReport(db, business.id);
  const milestones = roadmapTemplate(business, report?.sections ?? null);
  const view = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(roadmaps)
      .values({ businessId: business.id, userId, origin: 'plantilla', researchId: report?.id ?? null })
      .onConflictDoNothing()
      .returning({ businessId: roadmaps.businessId });
    if (!created) {
      throw new AppError(409, ERROR_CODES.roadmapExists, 'Este negocio ya tiene hoja de ruta.');
    }
    await insertMilestones(tx, business.id, milestones);
    return roadmapView(tx, business);
  });
  track({
    name: PRODUCT_EVENTS.roadmapCreated,
    userId,
    properties: {
      business_id: business.id,
      origin: 'plantilla',
      from_research: Boolean(report),
      tasks: milestones.reduce((n, m) => n + m.tasks.length, 0),
    },
  });
  return view;
}
