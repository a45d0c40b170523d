import type { MilestoneInput, MilestonePatch, RoadmapView, TaskInput, TaskPatch } from '@rumbo/contract';
import { apiFetch } from '../../../lib/api-client.ts';

// The roadmap's calls (ADR 0055): every change answers the whole roadmap, which replaces the cached one.
// Its query is in lib/roadmap-query.ts, shared with the chat.

const base = (businessId: number) => `/api/businesses/${businessId}/roadmap`;

export const roadmapApi = {
  create: (businessId: number) => apiFetch<RoadmapView>(base(businessId), { method: 'POST' }),
  addMilestone: (businessId: number, body: MilestoneInput) =>
    apiFetch<RoadmapView>(`${base(businessId)}/milestones`, { method: 'POST', body }),
  editMilestone: (businessId: number, milestoneId: number, body: MilestonePatch) =>
    apiFetch<RoadmapView>(`${base(businessId)}/milestones/${milestoneId}`, { method: 'PATCH', body }),
  addTask: (businessId: number, body: TaskInput) =>
    apiFetch<RoadmapView>(`${base(businessId)}/tasks`, { method: 'POST', body }),
  editTask: (businessId: number, taskId: number, body: TaskPatch) =>
    apiFetch<RoadmapView>(`${base(businessId)}/tasks/${taskId}`, { method: 'PATCH', body }),
  undo: (businessId: number) => apiFetch<RoadmapView>(`${base(businessId)}/undo`, { method: 'POST' }),
  /** 'Revisar mi hoja de ruta' (ADR 0055): a revision to look at before it applies. */
  review: (businessId: number) => apiFetch<RoadmapView>(`${base(businessId)}/proposal`, { method: 'POST' }),
  applyReview: (businessId: number) =>
    apiFetch<RoadmapView>(`${base(businessId)}/proposal/apply`, { method: 'POST' }),
  discardReview: (businessId: number) =>
    apiFetch<RoadmapView>(`${base(businessId)}/proposal`, { method: 'DELETE' }),
};
