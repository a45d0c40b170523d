import {
  type MilestoneInput,
  type MilestonePatch,
  ROADMAP_MILESTONES_MAX,
  type RoadmapView,
} from '@rumbo/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roadmapMilestones } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { placeAt } from './positions.ts';
import { changeRoadmap, type Tx } from './roadmap-store.ts';

/** A milestone of the business's roadmap; another's does not exist (404). */
async function ownMilestone(tx: Tx, businessId: number, milestoneId: number) {
  const [row] = await tx
    .select()
    .from(roadmapMilestones)
    .where(and(eq(roadmapMilestones.id, milestoneId), eq(roadmapMilestones.businessId, businessId)));
  if (!row) throw notFound('Hito no encontrado');
  return row;
}

/** POST /api/businesses/{id}/roadmap/milestones: a new milestone, last. */
export function addMilestone(db: Db, business: BusinessRow, input: MilestoneInput): Promise<RoadmapView> {
  return changeRoadmap(
    db,
    business,
    async () => `Añadir el hito «${input.title}»`,
    async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(roadmapMilestones)
        .where(eq(roadmapMilestones.businessId, business.id));
      const n = Number(row?.n ?? 0);
      if (n >= ROADMAP_MILESTONES_MAX) {
        throw badRequest(`Una hoja de ruta tiene como mucho ${ROADMAP_MILESTONES_MAX} hitos.`);
      }
      await tx.insert(roadmapMilestones).values({
        businessId: business.id,
        stage: input.stage ?? null,
        title: input.title,
        position: n,
      });
    },
  );
}

/** PATCH /api/businesses/{id}/roadmap/milestones/{milestoneId}: renames or moves it, nothing else. */
export function editMilestone(
  db: Db,
  business: BusinessRow,
  milestoneId: number,
  patch: MilestonePatch,
): Promise<RoadmapView> {
  if (patch.title === undefined && patch.position === undefined) throw badRequest('Nada que cambiar');
  return changeRoadmap(
    db,
    business,
    async (tx) => {
      const milestone = await ownMilestone(tx, business.id, milestoneId);
      return patch.title !== undefined && patch.title !== milestone.title
        ? `Renombrar el hito «${milestone.title}»`
        : `Mover el hito «${milestone.title}»`;
    },
    async (tx) => {
      if (patch.title !== undefined) {
        await tx
          .update(roadmapMilestones)
          .set({ title: patch.title })
          .where(eq(roadmapMilestones.id, milestoneId));
      }
      if (patch.position !== undefined) {
        const siblings = await tx
          .select({ id: roadmapMilestones.id })
          .from(roadmapMilestones)
          .where(eq(roadmapMilestones.businessId, business.id))
          .orderBy(asc(roadmapMilestones.position), asc(roadmapMilestones.id));
        const order = placeAt(
          siblings.map((s) => s.id),
          milestoneId,
          patch.position,
        );
        for (const [position, id] of order.entries()) {
          await tx.update(roadmapMilestones).set({ position }).where(eq(roadmapMilestones.id, id));
        }
      }
    },
  );
}
