import {
  ROADMAP_MILESTONES_MAX,
  ROADMAP_NOTES_MAX,
  ROADMAP_ORIGINS,
  ROADMAP_STAGE_MAX,
  ROADMAP_TASKS_MAX,
  ROADMAP_TEXT_MAX,
  ROADMAP_TITLE_MAX,
  TASK_KINDS,
  TASK_STATUSES,
} from './roadmap-rules.ts';
import { idSchema, userText } from './text.ts';
import { z } from './zod.ts';

// Wire shapes of a business's roadmap ('Hoja de ruta', ADR 0055, product.md §2.14).

const title = () =>
  userText().trim().min(1, 'Obligatorio').max(ROADMAP_TITLE_MAX, `Máximo ${ROADMAP_TITLE_MAX} caracteres`);
const text = (max = ROADMAP_TEXT_MAX) => userText().trim().max(max, `Máximo ${max} caracteres`);
const dueDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Una fecha AAAA-MM-DD')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Fecha no válida');
const position = () => z.number().int().min(0).max(ROADMAP_TASKS_MAX);

export const roadmapTaskSchema = z.object({
  id: z.number().int(),
  milestone_id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  title: z.string(),
  /** Why it matters (an experiment: the assumption it tests). */
  why: z.string(),
  /** How to know it is done (an experiment: its success criterion). */
  done_when: z.string(),
  due_date: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  notes: z.string(),
  position: z.number().int(),
  completed_at: z.string().nullable(),
});
export type RoadmapTask = z.infer<typeof roadmapTaskSchema>;

export const roadmapMilestoneSchema = z.object({
  id: z.number().int(),
  /** 'Próximos 30 días'…, or null when the roadmap goes by milestone (an established business). */
  stage: z.string().nullable(),
  title: z.string(),
  position: z.number().int(),
  tasks: z.array(roadmapTaskSchema),
});
export type RoadmapMilestone = z.infer<typeof roadmapMilestoneSchema>;

/** The last change, while it can still be undone. */
export const roadmapUndoSchema = z.object({ label: z.string(), until: z.string() });
export type RoadmapUndo = z.infer<typeof roadmapUndoSchema>;

/** A task of a proposed roadmap ('Revisar mi hoja de ruta'). */
export const proposedTaskSchema = z.object({
  kind: z.enum(TASK_KINDS),
  title: z.string(),
  why: z.string(),
  done_when: z.string(),
});
export type ProposedTask = z.infer<typeof proposedTaskSchema>;

/**
 * 'Revisar mi hoja de ruta': a new roadmap proposed by the advisor's model (or, without one, the template),
 * and what applying it changes, shown before it applies.
 */
export const roadmapProposalSchema = z.object({
  origin: z.enum(ROADMAP_ORIGINS),
  created_at: z.string(),
  milestones: z.array(
    z.object({ stage: z.string().nullable(), title: z.string(), tasks: z.array(proposedTaskSchema) }),
  ),
  changes: z.object({
    /** Tasks it adds, removes (open tasks it leaves out) and keeps (open tasks it keeps, as they are). */
    added: z.array(z.string()),
    removed: z.array(z.string()),
    kept: z.array(z.string()),
    /** Tasks done, kept whatever the proposal says. */
    done_kept: z.number().int(),
  }),
});
export type RoadmapProposal = z.infer<typeof roadmapProposalSchema>;

export const roadmapSchema = z.object({
  origin: z.enum(ROADMAP_ORIGINS),
  /** The market research it was built from, if any. */
  research_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  milestones: z.array(roadmapMilestoneSchema),
  undo: roadmapUndoSchema.nullable(),
  /** A revision waiting for the founder's answer. */
  proposal: roadmapProposalSchema.nullable(),
});
export type Roadmap = z.infer<typeof roadmapSchema>;

/** GET /api/businesses/{id}/roadmap and every change's answer: the business and its roadmap, if any. */
export const roadmapViewSchema = z.object({
  business_id: z.number().int(),
  business_name: z.string(),
  business_stage: z.enum(['idea', 'established']),
  roadmap: roadmapSchema.nullable(),
});
export type RoadmapView = z.infer<typeof roadmapViewSchema>;

export const milestoneInputSchema = z.object({
  title: title(),
  stage: text(ROADMAP_STAGE_MAX).nullable().optional(),
});
export type MilestoneInput = z.infer<typeof milestoneInputSchema>;

/** PATCH of a milestone: only the named fields change. */
export const milestonePatchSchema = z.object({
  title: title().optional(),
  position: z.number().int().min(0).max(ROADMAP_MILESTONES_MAX).optional(),
});
export type MilestonePatch = z.infer<typeof milestonePatchSchema>;

export const taskInputSchema = z.object({
  milestone_id: idSchema,
  title: title(),
  kind: z.enum(TASK_KINDS).optional(),
  why: text().optional(),
  done_when: text().optional(),
  due_date: dueDate().nullable().optional(),
});
export type TaskInput = z.infer<typeof taskInputSchema>;

/**
 * PATCH of a task: only the named fields change. `milestone_id` and `position` move it (the position
 * within its milestone, 0 first).
 */
export const taskPatchSchema = z.object({
  title: title().optional(),
  why: text().optional(),
  done_when: text().optional(),
  due_date: dueDate().nullable().optional(),
  status: z.enum(TASK_STATUSES).optional(),
  notes: text(ROADMAP_NOTES_MAX).optional(),
  milestone_id: idSchema.optional(),
  position: position().optional(),
});
export type TaskPatch = z.infer<typeof taskPatchSchema>;
