import type { RoadmapView } from '@rumbo/contract';

/** The roadmap with a task moved to `position` within its milestone: what a reorder shows at once. */
export function moveTask(view: RoadmapView, taskId: number, position: number): RoadmapView {
  if (!view.roadmap) return view;
  return {
    ...view,
    roadmap: {
      ...view.roadmap,
      milestones: view.roadmap.milestones.map((milestone) => {
        const task = milestone.tasks.find((t) => t.id === taskId);
        if (!task) return milestone;
        const rest = milestone.tasks.filter((t) => t.id !== taskId);
        const at = Math.max(0, Math.min(position, rest.length));
        const tasks = [...rest.slice(0, at), task, ...rest.slice(at)].map((t, i) => ({ ...t, position: i }));
        return { ...milestone, tasks };
      }),
    },
  };
}

/** Milestones grouped by their stage, in order (an established business's have none: one group). */
export function byStage<T extends { stage: string | null }>(
  milestones: T[],
): Array<{ stage: string | null; milestones: T[] }> {
  const groups: Array<{ stage: string | null; milestones: T[] }> = [];
  for (const milestone of milestones) {
    const last = groups.at(-1);
    if (last && last.stage === milestone.stage) last.milestones.push(milestone);
    else groups.push({ stage: milestone.stage, milestones: [milestone] });
  }
  return groups;
}
