import {
  ERROR_CODES,
  hasRoadmap,
  ROADMAP_NOT_ALLOWED_MESSAGE,
  ROADMAP_UNDO_SECONDS,
  type RoadmapView,
} from '@rumbo/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import {
  type RoadmapSnapshot,
  roadmapChanges,
  roadmapMilestones,
  roadmaps,
  roadmapTasks,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';

// The roadmap's storage (ADR 0055): who may reach it, its wire view, and every change recorded with what
// it replaced, so that 'Deshacer' can put it back.

/** A database or a transaction of it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * The owner's business, on a plan with the roadmap. Another user's business does not exist (404, asked
 * first, so a stranger learns nothing of the owner's plan); a plan without it is refused (403).
 */
export async function roadmapBusiness(db: Db, userId: number, businessId: number): Promise<BusinessRow> {
  const { business, planId } = await ownedBusiness(db, { userId, businessId });
  if (!hasRoadmap(planId)) throw forbidden(ERROR_CODES.roadmapNotAllowed, ROADMAP_NOT_ALLOWED_MESSAGE);
  return business;
}

/** The last change still undoable, if any. */
export async function lastUndoable(db: Tx, businessId: number, now = new Date()) {
  const [change] = await db
    .select()
    .from(roadmapChanges)
    .where(and(eq(roadmapChanges.businessId, businessId), isNull(roadmapChanges.undoneAt)))
    .orderBy(desc(roadmapChanges.id))
    .limit(1);
  if (!change) return undefined;
  const until = new Date(change.createdAt.getTime() + ROADMAP_UNDO_SECONDS * 1000);
  return until > now ? { change, until } : undefined;
}

/** The business and its roadmap, as the wire has it. */
export async function roadmapView(db: Tx, business: BusinessRow): Promise<RoadmapView> {
  const base = {
    business_id: business.id,
    business_name: business.name,
    business_stage: business.stage,
  };
  const [roadmap] = await db.select().from(roadmaps).where(eq(roadmaps.businessId, business.id));
  if (!roadmap) return { ...base, roadmap: null };
  const milestones = await db
    .select()
    .from(roadmapMilestones)
    .where(eq(roadmapMilestones.businessId, business.id))
    .orderBy(asc(roadmapMilestones.position), asc(roadmapMilestones.id));
  const tasks = await db
    .select()
    .from(roadmapTasks)
    .where(eq(roadmapTasks.businessId, business.id))
    .orderBy(asc(roadmapTasks.position), asc(roadmapTasks.id));
  const undo = await lastUndoable(db, business.id);
  return {
    ...base,
    roadmap: {
      origin: roadmap.origin,
      research_id: roadmap.researchId,
      created_at: roadmap.createdAt.toISOString(),
      updated_at: roadmap.updatedAt.toISOString(),
      undo: undo ? { label: undo.change.label, until: undo.until.toISOString() } : null,
      proposal: roadmap.proposal ?? null,
      milestones: milestones.map((m) => ({
        id: m.id,
        stage: m.stage,
        title: m.title,
        position: m.position,
        tasks: tasks
          .filter((t) => t.milestoneId === m.id)
          .map((t) => ({
            id: t.id,
            milestone_id: t.milestoneId,
            kind: t.kind,
            title: t.title,
            why: t.why,
            done_when: t.doneWhen,
            due_date: t.dueDate,
            status: t.status,
            notes: t.notes,
            position: t.position,
            completed_at: t.completedAt ? t.completedAt.toISOString() : null,
          })),
      })),
    },
  };
}

/** The roadmap's rows as they are now. */
async function snapshot(tx: Tx, businessId: number): Promise<RoadmapSnapshot | undefined> {
  const [roadmap] = await tx.select().from(roadmaps).where(eq(roadmaps.businessId, businessId));
  if (!roadmap) return undefined;
  const milestones = await tx
    .select({
      id: roadmapMilestones.id,
      stage: roadmapMilestones.stage,
      title: roadmapMilestones.title,
      position: roadmapMilestones.position,
    })
    .from(roadmapMilestones)
    .where(eq(roadmapMilestones.businessId, businessId));
  const tasks = await tx.select().from(roadmapTasks).where(eq(roadmapTasks.businessId, businessId));
  return {
    origin: roadmap.origin,
    researchId: roadmap.researchId,
    milestones,
    tasks: tasks.map((t) => ({
      id: t.id,
      milestoneId: t.milestoneId,
      kind: t.kind,
      title: t.title,
      why: t.why,
      doneWhen: t.doneWhen,
      dueDate: t.dueDate,
      status: t.status,
      notes: t.notes,
      position: t.position,
      completedAt: t.completedAt ? t.completedAt.toISOString() : null,
    })),
  };
}

/** Puts a roadmap's rows back as a snapshot had them. */
export async function restore(tx: Tx, businessId: number, before: RoadmapSnapshot): Promise<void> {
  await tx.delete(roadmapMilestones).where(eq(roadmapMilestones.businessId, businessId));
  await tx
    .update(roadmaps)
    .set({ origin: before.origin, researchId: before.researchId, updatedAt: sql`now()` })
    .where(eq(roadmaps.businessId, businessId));
  if (before.milestones.length > 0) {
    await tx.insert(roadmapMilestones).values(before.milestones.map((m) => ({ ...m, businessId })));
  }
  if (before.tasks.length > 0) {
    await tx.insert(roadmapTasks).values(
      before.tasks.map((t) => ({
        ...t,
        businessId,
        completedAt: t.completedAt ? new Date(t.completedAt) : null,
      })),
    );
  }
}

/**
 * One change to an existing roadmap, in a transaction: what it replaces is recorded first (for
 * 'Deshacer', described by `label`), then `apply` runs. The roadmap's view after it is the answer.
 */
export async function changeRoadmap(
  db: Db,
  business: BusinessRow,
  label: (tx: Tx) => Promise<string>,
  apply: (tx: Tx) => Promise<void>,
): Promise<RoadmapView> {
  return db.transaction(async (tx) => {
    // One change at a time per roadmap: the row lock orders concurrent edits and their snapshots.
    const [locked] = await tx
      .select({ businessId: roadmaps.businessId })
      .from(roadmaps)
      .where(eq(roadmaps.businessId, business.id))
      .for('update');
    if (!locked) throw notFound('Este negocio todavía no tiene hoja de ruta');
    const before = await snapshot(tx, business.id);
    if (!before) throw notFound('Este negocio todavía no tiene hoja de ruta');
    const description = await label(tx);
    await apply(tx);
    await tx.insert(roadmapChanges).values({ businessId: business.id, label: description, before });
    await tx.update(roadmaps).set({ updatedAt: sql`now()` }).where(eq(roadmaps.businessId, business.id));
    return roadmapView(tx, business);
  });
}
