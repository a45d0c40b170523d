import { DONE_MILESTONE_TITLE, ERROR_CODES, ROADMAP_ORIGIN_LABELS, type RoadmapView } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roadmapMilestones, roadmaps, roadmapTasks } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { titleKey } from './revision.ts';
import { changeRoadmap, roadmapView } from './roadmap-store.ts';

const noProposal = () =>
  new AppError(409, ERROR_CODES.noRoadmapProposal, 'No hay ninguna revisión pendiente de tu hoja de ruta.');

/**
 * POST /api/businesses/{id}/roadmap/proposal/apply: the pending revision becomes the roadmap, as one
 * change ('Deshacer' puts the previous one back). An open task it keeps keeps its status, date and notes;
 * the tasks done are kept in 'Hecho hasta ahora', last; the others it leaves out go.
 */
export async function applyRevision(db: Db, business: BusinessRow): Promise<RoadmapView> {
  const [row] = await db
    .select({ proposal: roadmaps.proposal })
    .from(roadmaps)
    .where(eq(roadmaps.businessId, business.id));
  const proposal = row?.proposal;
  if (!proposal) throw noProposal();
  return changeRoadmap(
    db,
    business,
    async () => `Aplicar la revisión (${ROADMAP_ORIGIN_LABELS[proposal.origin].toLowerCase()})`,
    async (tx) => {
      const old = await tx.select().from(roadmapTasks).where(eq(roadmapTasks.businessId, business.id));
      const open = new Map(
        old
          .filter((t) => t.status === 'pendiente' || t.status === 'en_curso')
          .map((t) => [titleKey(t.title), t]),
      );
      const done = old.filter((t) => t.status === 'hecha');
      await tx.delete(roadmapMilestones).where(eq(roadmapMilestones.businessId, business.id));
      const milestones = [
        ...proposal.milestones,
        ...(done.length > 0 ? [{ stage: null, title: DONE_MILESTONE_TITLE, tasks: [] }] : []),
      ];
      for (const [position, milestone] of milestones.entries()) {
        const [created] = await tx
          .insert(roadmapMilestones)
          .values({ businessId: business.id, stage: milestone.stage, title: milestone.title, position })
          .returning({ id: roadmapMilestones.id });
        if (!created) continue;
        const doneMilestone = milestone.title === DONE_MILESTONE_TITLE && milestone.tasks.length === 0;
        const tasks = doneMilestone
          ? done.map((t) => ({
              kind: t.kind,
              title: t.title,
              why: t.why,
              doneWhen: t.doneWhen,
              status: t.status,
              dueDate: t.dueDate,
              notes: t.notes,
              completedAt: t.completedAt,
            }))
          : milestone.tasks.map((t) => {
              const kept = open.get(titleKey(t.title));
              return {
                kind: t.kind,
                title: t.title,
                why: t.why,
                doneWhen: t.done_when,
                status: kept?.status ?? 'pendiente',
                dueDate: kept?.dueDate ?? null,
                notes: kept?.notes ?? '',
                completedAt: null,
              };
            });
        if (tasks.length > 0) {
          await tx.insert(roadmapTasks).values(
            tasks.map((t, index) => ({
              ...t,
              businessId: business.id,
              milestoneId: created.id,
              position: index,
            })),
          );
        }
      }
      await tx
        .update(roadmaps)
        .set({ proposal: null, origin: proposal.origin })
        .where(eq(roadmaps.businessId, business.id));
    },
  );
}

/** DELETE /api/businesses/{id}/roadmap/proposal: the revision is dropped; the roadmap stays as it is. */
export async function discardRevision(db: Db, business: BusinessRow): Promise<RoadmapView> {
  const [row] = await db
    .update(roadmaps)
    .set({ proposal: null })
    .where(eq(roadmaps.businessId, business.id))
    .returning({ businessId: roadmaps.businessId });
  if (!row) throw notFound('Este negocio todavía no tiene hoja de ruta');
  return roadmapView(db, business);
}
