import {
  PRODUCT_EVENTS,
  ROADMAP_TASKS_MAX,
  type RoadmapView,
  TASK_STATUS_LABELS,
  type TaskInput,
  type TaskPatch,
} from '@rumbo/contract';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roadmapMilestones, roadmapTasks } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { TrackEvent } from '../../lib/track.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { placeAt } from './positions.ts';
import { changeRoadmap, type Tx } from './roadmap-store.ts';

async function ownMilestoneId(tx: Tx, businessId: number, milestoneId: number): Promise<number> {
  const [row] = await tx
    .select({ id: roadmapMilestones.id })
    .from(roadmapMilestones)
    .where(and(eq(roadmapMilestones.id, milestoneId), eq(roadmapMilestones.businessId, businessId)));
  if (!row) throw notFound('Hito no encontrado');
  return row.id;
}

/** A task of the business's roadmap; another's does not exist (404). */
async function ownTask(tx: Tx, businessId: number, taskId: number) {
  const [row] = await tx
    .select()
    .from(roadmapTasks)
    .where(and(eq(roadmapTasks.id, taskId), eq(roadmapTasks.businessId, businessId)));
  if (!row) throw notFound('Tarea no encontrada');
  return row;
}

/** Positions 0… for a milestone's tasks in `order`. */
async function renumber(tx: Tx, order: number[]): Promise<void> {
  for (const [position, id] of order.entries()) {
    await tx.update(roadmapTasks).set({ position }).where(eq(roadmapTasks.id, id));
  }
}

async function taskIds(tx: Tx, milestoneId: number, except?: number): Promise<number[]> {
  const rows = await tx
    .select({ id: roadmapTasks.id })
    .from(roadmapTasks)
    .where(
      except === undefined
        ? eq(roadmapTasks.milestoneId, milestoneId)
        : and(eq(roadmapTasks.milestoneId, milestoneId), ne(roadmapTasks.id, except)),
    )
    .orderBy(asc(roadmapTasks.position), asc(roadmapTasks.id));
  return rows.map((r) => r.id);
}

/** POST /api/businesses/{id}/roadmap/tasks: a new task, last of its milestone. */
export function addTask(db: Db, business: BusinessRow, input: TaskInput): Promise<RoadmapView> {
  return changeRoadmap(
    db,
    business,
    async () => `Añadir «${input.title}»`,
    async (tx) => {
      const milestoneId = await ownMilestoneId(tx, business.id, input.milestone_id);
      const [total] = await tx
        .select({ n: count() })
        .from(roadmapTasks)
        .where(eq(roadmapTasks.businessId, business.id));
      if (Number(total?.n ?? 0) >= ROADMAP_TASKS_MAX) {
        throw badRequest(`Una hoja de ruta tiene como mucho ${ROADMAP_TASKS_MAX} tareas.`);
      }
      const position = (await taskIds(tx, milestoneId)).length;
      await tx.insert(roadmapTasks).values({
        businessId: business.id,
        milestoneId,
        kind: input.kind ?? 'tarea',
        title: input.title,
        why: input.why ?? '',
        doneWhen: input.done_when ?? '',
        dueDate: input.due_date ?? null,
        position,
      });
    },
  );
}

/** What a change to a task is called on 'Deshacer'. */
function describe(title: string, patch: TaskPatch): string {
  if (patch.status !== undefined)
    return `Marcar «${title}» como ${TASK_STATUS_LABELS[patch.status].toLowerCase()}`;
  if (patch.title !== undefined && patch.title !== title) return `Renombrar «${title}»`;
  if (patch.position !== undefined || patch.milestone_id !== undefined) return `Mover «${title}»`;
  return `Editar «${title}»`;
}

/**
 * PATCH /api/businesses/{id}/roadmap/tasks/{taskId}: only the named fields change. `milestone_id` and
 * `position` move it (last of the other milestone when only the milestone is named).
 */
export async function editTask(
  deps: { db: Db; track: TrackEvent },
  userId: number,
  business: BusinessRow,
  taskId: number,
  patch: TaskPatch,
): Promise<RoadmapView> {
  if (Object.values(patch).every((value) => value === undefined)) throw badRequest('Nada que cambiar');
  let done = false;
  let kind = '';
  const view = await changeRoadmap(
    deps.db,
    business,
    async (tx) => describe((await ownTask(tx, business.id, taskId)).title, patch),
    async (tx) => {
      const task = await ownTask(tx, business.id, taskId);
      const target =
        patch.milestone_id === undefined
          ? task.milestoneId
          : await ownMilestoneId(tx, business.id, patch.milestone_id);
      const fields: Partial<typeof roadmapTasks.$inferInsert> = {};
      if (patch.title !== undefined) fields.title = patch.title;
      if (patch.why !== undefined) fields.why = patch.why;
      if (patch.done_when !== undefined) fields.doneWhen = patch.done_when;
      if (patch.due_date !== undefined) fields.dueDate = patch.due_date;
      if (patch.notes !== undefined) fields.notes = patch.notes;
      if (patch.status !== undefined && patch.status !== task.status) {
        fields.status = patch.status;
        fields.completedAt = patch.status === 'hecha' ? new Date() : null;
        done = patch.status === 'hecha';
        kind = task.kind;
      }
      if (target !== task.milestoneId) fields.milestoneId = target;
      if (Object.keys(fields).length > 0) {
        await tx.update(roadmapTasks).set(fields).where(eq(roadmapTasks.id, taskId));
      }
      if (target !== task.milestoneId || patch.position !== undefined) {
        const others = await taskIds(tx, target, taskId);
        await renumber(tx, placeAt(others, taskId, patch.position ?? others.length));
        if (target !== task.milestoneId) await renumber(tx, await taskIds(tx, task.milestoneId));
      }
    },
  );
  if (done) {
    deps.track({
      name: PRODUCT_EVENTS.taskDone,
      userId,
      properties: { business_id: business.id, kind },
    });
  }
  return view;
}
