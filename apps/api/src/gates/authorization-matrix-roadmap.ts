import { type Entry, json } from './authorization-calls.ts';
import type { Owner } from './world.ts';

/** The matrix's roadmap operations (ADR 0055), in sending order. */
const roadmap = (o: Owner) => `/api/businesses/${o.ideaId}/roadmap`;

export const ROADMAP_OPERATIONS: Record<string, Entry> = {
  'GET /api/businesses/{id}/roadmap': { access: 'owner', request: (o) => ({ path: roadmap(o) }) },
  // The owner's idea has its roadmap already (world.ts): a second one is refused.
  'POST /api/businesses/{id}/roadmap': {
    access: 'owner',
    request: (o) => ({ path: roadmap(o) }),
    ownerAnswers: [409],
  },
  'POST /api/businesses/{id}/roadmap/milestones': {
    access: 'owner',
    request: (o) => json(`${roadmap(o)}/milestones`, { title: 'Hito de la matriz' }),
  },
  'PATCH /api/businesses/{id}/roadmap/milestones/{milestoneId}': {
    access: 'owner',
    request: (o) => json(`${roadmap(o)}/milestones/${o.roadmapMilestoneId}`, { title: 'Hito renombrado' }),
  },
  'POST /api/businesses/{id}/roadmap/tasks': {
    access: 'owner',
    request: (o) =>
      json(`${roadmap(o)}/tasks`, { milestone_id: o.roadmapMilestoneId, title: 'Tarea de la matriz' }),
  },
  'PATCH /api/businesses/{id}/roadmap/tasks/{taskId}': {
    access: 'owner',
    request: (o) => json(`${roadmap(o)}/tasks/${o.roadmapTaskId}`, { status: 'hecha' }),
  },
  // The gate's model answers prose, not a roadmap: the owner is told so (502, the credit given back).
  'POST /api/businesses/{id}/roadmap/proposal': {
    access: 'owner',
    request: (o) => ({ path: `${roadmap(o)}/proposal` }),
    answers: [502],
    ownerAnswers: [502],
  },
  'POST /api/businesses/{id}/roadmap/proposal/apply': {
    access: 'owner',
    request: (o) => ({ path: `${roadmap(o)}/proposal/apply` }),
    ownerAnswers: [409],
  },
  'DELETE /api/businesses/{id}/roadmap/proposal': {
    access: 'owner',
    request: (o) => ({ path: `${roadmap(o)}/proposal` }),
  },
  'POST /api/businesses/{id}/roadmap/undo': {
    access: 'owner',
    request: (o) => ({ path: `${roadmap(o)}/undo` }),
  },
};
