import { hasRoadmap, type ProposedAnswerTask, type RoadmapView } from '@rumbo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { chatCopy } from '../../config/copy/chat.es.ts';
import { paths } from '../../config/paths.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { roadmapQueryKey, roadmapQueryOptions } from '../../lib/roadmap-query.ts';
import { ProposalAction, ProposalCard } from './components/proposal-card.tsx';
import { useChatBusiness, useChatPlan } from './plan-changes.tsx';

const t = chatCopy.roadmapTasks;

/**
 * Tasks an answer proposes for the roadmap (ADR 0055): shown first, then 'Añadir a mi hoja de ruta' adds
 * them to the milestone the founder picks, each as an undoable change of the roadmap.
 */
export function RoadmapTasksCard({ tasks }: { tasks: ProposedAnswerTask[] }) {
  const businessId = useChatBusiness();
  const planId = useChatPlan() ?? -1;
  const id = useId();
  const queryClient = useQueryClient();
  const allowed = hasRoadmap(planId) && businessId !== null;
  const roadmap = useQuery({ ...roadmapQueryOptions(businessId ?? 0), enabled: allowed && tasks.length > 0 });
  const [milestone, setMilestone] = useState<number | null>(null);
  const [state, setState] = useState<'idle' | 'adding' | 'added' | 'failed'>('idle');
  const [addedCount, setAddedCount] = useState(0);
  if (!allowed || businessId === null || !roadmap.data) return null;
  const milestones = roadmap.data.roadmap?.milestones ?? [];
  const chosen = milestone ?? milestones[0]?.id ?? null;
  // A task already on the roadmap (added from this answer before, or by hand) is not offered again.
  const existing = new Set(milestones.flatMap((m) => m.tasks.map((task) => task.title.trim().toLowerCase())));
  const pending = tasks.filter((task) => !existing.has(task.title.trim().toLowerCase()));
  const add = async () => {
    if (chosen === null) return;
    setState('adding');
    try {
      let view: RoadmapView | undefined;
      for (const task of pending) {
        view = await apiFetch<RoadmapView>(`/api/businesses/${businessId}/roadmap/tasks`, {
          method: 'POST',
          body: { milestone_id: chosen, title: task.title, done_when: task.done_when },
        });
      }
      setAddedCount(pending.length);
      if (view) queryClient.setQueryData(roadmapQueryKey(businessId), view);
      setState('added');
    } catch {
      setState('failed');
    }
  };
  return (
    <ProposalCard
      title={t.title}
      testId="tareas-propuestas"
      link={{ to: paths.roadmap(businessId), label: t.open }}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {tasks.map((task) => (
          <li key={task.title}>
            {task.title}
            {task.done_when ? (
              <span className="text-slate-600">{` — ${t.doneWhen}: ${task.done_when}`}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {roadmap.data.roadmap === null ? (
        <p className="text-sm text-slate-700">{t.none}</p>
      ) : state === 'added' ? (
        <p role="status" className="text-sm font-semibold text-emerald-700">
          {t.added(addedCount)}
        </p>
      ) : pending.length === 0 ? (
        <p className="text-sm font-semibold text-emerald-700">{t.already}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={`${id}-hito`} className="block text-xs font-medium text-slate-700">
              {t.milestone}
            </label>
            <select
              id={`${id}-hito`}
              value={chosen ?? ''}
              onChange={(e) => setMilestone(Number(e.target.value))}
              className="block max-w-64 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
            >
              {milestones.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.stage ? `${m.stage} · ${m.title}` : m.title}
                </option>
              ))}
            </select>
          </div>
          <ProposalAction onClick={add} disabled={state === 'adding' || chosen === null}>
            {t.add}
          </ProposalAction>
        </div>
      )}
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {t.failed}
        </p>
      ) : null}
    </ProposalCard>
  );
}
