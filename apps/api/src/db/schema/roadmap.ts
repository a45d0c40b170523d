import type { RoadmapProposal, TaskKind, TaskStatus } from '@rumbo/contract';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { businessDocumentColumns } from './businesses.ts';
import { at, createdAt } from './columns.ts';
import { researches } from './research.ts';

/**
 * A business's roadmap ('Hoja de ruta', ADR 0055): one per business, who wrote it (the template or the
 * advisor) and the research it was built from. Its milestones and their tasks are rows of their own.
 */
export const roadmaps = pgTable('roadmaps', {
  ...businessDocumentColumns(),
  origin: text('origin', { enum: ['plantilla', 'mentor'] }).notNull(),
  researchId: integer('research_id').references(() => researches.id, { onDelete: 'set null' }),
  /** 'Revisar mi hoja de ruta': the revision waiting for the founder's answer. */
  proposal: jsonb('proposal').$type<RoadmapProposal>(),
});

/** A milestone of a roadmap, in its stage ('Próximos 30 días'…; null for an established business). */
export const roadmapMilestones = pgTable(
  'roadmap_milestones',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => roadmaps.businessId, { onDelete: 'cascade' }),
    stage: text('stage'),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('roadmap_milestones_business_idx').on(t.businessId, t.position)],
);

/** A task of a milestone: what, why, how to know it is done, when, and where it stands. */
export const roadmapTasks = pgTable(
  'roadmap_tasks',
  {
    id: serial('id').primaryKey(),
    milestoneId: integer('milestone_id')
      .notNull()
      .references(() => roadmapMilestones.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => roadmaps.businessId, { onDelete: 'cascade' }),
    kind: text('kind').$type<TaskKind>().notNull(),
    title: text('title').notNull(),
    why: text('why').notNull().default(''),
    doneWhen: text('done_when').notNull().default(''),
    dueDate: text('due_date'),
    status: text('status').$type<TaskStatus>().notNull().default('pendiente'),
    notes: text('notes').notNull().default(''),
    position: integer('position').notNull(),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('roadmap_tasks_milestone_idx').on(t.milestoneId, t.position),
    index('roadmap_tasks_business_idx').on(t.businessId),
  ],
);

/**
 * Each change to a roadmap, with the roadmap as it was before it: 'Deshacer' puts the latest one back
 * while it is younger than ROADMAP_UNDO_SECONDS, and marks it undone.
 */
export const roadmapChanges = pgTable(
  'roadmap_changes',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => roadmaps.businessId, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    before: jsonb('before').$type<RoadmapSnapshot>().notNull(),
    createdAt: createdAt(),
    undoneAt: at('undone_at'),
  },
  (t) => [index('roadmap_changes_business_idx').on(t.businessId, t.id)],
);

/** The milestones and tasks of a roadmap as rows, to put back on 'Deshacer'. */
export interface RoadmapSnapshot {
  origin: 'plantilla' | 'mentor';
  researchId: number | null;
  milestones: Array<{ id: number; stage: string | null; title: string; position: number }>;
  tasks: Array<{
    id: number;
    milestoneId: number;
    kind: TaskKind;
    title: string;
    why: string;
    doneWhen: string;
    dueDate: string | null;
    status: TaskStatus;
    notes: string;
    position: number;
    completedAt: string | null;
  }>;
}
