import {
  DONE_MILESTONE_TITLE,
  isOpenTask,
  ROADMAP_STAGE_MAX,
  ROADMAP_TEXT_MAX,
  ROADMAP_TITLE_MAX,
  type RoadmapProposal,
  type RoadmapView,
} from '@rumbo/contract';
import type { TemplateMilestone } from './template.es.ts';

// What a revision changes (ADR 0055), shown before it applies: the open tasks it adds, removes and keeps,
// matched by title; the tasks done are always kept.

const key = (title: string) => title.trim().toLowerCase().replace(/\s+/g, ' ');
const clip = (text: string, max: number) => text.trim().slice(0, max);

/** Milestones from outside (the model) within the contract's limits, empty ones left out. */
export function boundedMilestones(milestones: TemplateMilestone[]): TemplateMilestone[] {
  return milestones
    .map((m) => ({
      stage: m.stage ? clip(m.stage, ROADMAP_STAGE_MAX) || null : null,
      title: clip(m.title, ROADMAP_TITLE_MAX),
      tasks: m.tasks
        .map((t) => ({
          kind: t.kind,
          title: clip(t.title, ROADMAP_TITLE_MAX),
          why: clip(t.why, ROADMAP_TEXT_MAX),
          done_when: clip(t.done_when, ROADMAP_TEXT_MAX),
        }))
        .filter((t) => t.title.length > 0),
    }))
    .filter((m) => m.title.length > 0 && m.title !== DONE_MILESTONE_TITLE);
}

/** The proposal with what applying it to `current` changes. */
export function proposalOf(
  current: RoadmapView,
  origin: RoadmapProposal['origin'],
  milestones: TemplateMilestone[],
  now = new Date(),
): RoadmapProposal {
  const tasks = current.roadmap?.milestones.flatMap((m) => m.tasks) ?? [];
  const open = tasks.filter((t) => isOpenTask(t.status));
  const done = tasks.filter((t) => t.status === 'hecha');
  const doneKeys = new Set(done.map((t) => key(t.title)));
  // A proposed task that is already done is not proposed again.
  const proposed = milestones.map((m) => ({
    ...m,
    tasks: m.tasks.filter((t) => !doneKeys.has(key(t.title))),
  }));
  const proposedKeys = new Set(proposed.flatMap((m) => m.tasks.map((t) => key(t.title))));
  const openKeys = new Set(open.map((t) => key(t.title)));
  return {
    origin,
    created_at: now.toISOString(),
    milestones: proposed,
    changes: {
      added: proposed.flatMap((m) => m.tasks.filter((t) => !openKeys.has(key(t.title))).map((t) => t.title)),
      removed: open.filter((t) => !proposedKeys.has(key(t.title))).map((t) => t.title),
      kept: open.filter((t) => proposedKeys.has(key(t.title))).map((t) => t.title),
      done_kept: done.length,
    },
  };
}

/** The key a task is matched by across a revision. */
export const titleKey = key;
