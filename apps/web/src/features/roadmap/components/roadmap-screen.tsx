import { hasRoadmap, IDEA_STAGES, type RoadmapView } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, ListChecks, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { roadmapCopy } from '../../../config/copy/roadmap.es.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { roadmapQueryOptions } from '../../../lib/roadmap-query.ts';
import { roadmapApi } from '../api/roadmap.ts';
import { byStage, moveTask } from '../reorder.ts';
import { type RunChange, useRoadmapChange } from '../use-roadmap-change.ts';
import { type MilestoneActions, MilestoneCard } from './milestone-card.tsx';
import { RevisionPanel } from './revision-panel.tsx';

const t = roadmapCopy;

const backClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';
const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:text-sm';

/** A plan without the roadmap: what it would give, and 'Mejorar plan'. */
function Upsell() {
  return (
    <section
      aria-labelledby="hoja-de-ruta-plan"
      className="mt-6 max-w-2xl rounded-2xl bg-white p-6 ring-1 ring-slate-200"
    >
      <h2 id="hoja-de-ruta-plan" className="text-lg font-bold text-slate-900">
        {t.upsell.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t.upsell.body}</p>
      <ul className="mt-3 space-y-2">
        {t.upsell.points.map((point) => (
          <li key={point} className="flex items-start gap-2 text-sm text-slate-700">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
      <Link
        to={paths.subscription}
        className="mt-5 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t.upsell.upgrade}
      </Link>
    </section>
  );
}

/** No roadmap yet: 'Crear mi hoja de ruta'. */
function CreateRoadmap({ businessId, run }: { businessId: number; run: RunChange }) {
  const [creating, setCreating] = useState(false);
  return (
    <section
      aria-labelledby="crear-hoja-de-ruta"
      className="mt-6 max-w-2xl rounded-2xl bg-white p-6 ring-1 ring-slate-200"
    >
      <ListChecks className="size-8 text-brand-600" aria-hidden="true" />
      <h2 id="crear-hoja-de-ruta" className="mt-3 text-lg font-bold text-slate-900">
        {t.empty.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t.empty.body}</p>
      <Button
        className="mt-5"
        loading={creating}
        onClick={async () => {
          setCreating(true);
          await run(() => roadmapApi.create(businessId), { done: t.empty.created });
          setCreating(false);
        }}
      >
        {creating ? t.empty.creating : t.empty.create}
      </Button>
    </section>
  );
}

/** 'Añadir hito': a name and, for an idea, its stage. */
function AddMilestone({ view, run }: { view: RoadmapView; run: RunChange }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [stage, setStage] = useState<string>(
    view.business_stage === 'idea' ? (IDEA_STAGES[0] as string) : '',
  );
  const [adding, setAdding] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next) return;
    setAdding(true);
    if (await run(() => roadmapApi.addMilestone(view.business_id, { title: next, stage: stage || null })))
      setTitle('');
    setAdding(false);
  };
  return (
    <section aria-labelledby={`${id}-h`} className="mt-8 max-w-2xl">
      <h2 id={`${id}-h`} className="text-lg font-bold text-slate-900">
        {t.addMilestone}
      </h2>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-700">
            {t.milestoneTitle}
          </label>
          <input
            id={`${id}-title`}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            className={fieldClass}
          />
        </div>
        {view.business_stage === 'idea' ? (
          <div className="space-y-1">
            <label htmlFor={`${id}-stage`} className="block text-sm font-medium text-slate-700">
              {t.milestoneStage}
            </label>
            <select
              id={`${id}-stage`}
              value={stage}
              onChange={(e) => setStage(e.target.value)}
              className={fieldClass}
            >
              {IDEA_STAGES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
              <option value="">{t.noStage}</option>
            </select>
          </div>
        ) : null}
        <Button type="submit" variant="secondary" loading={adding}>
          {t.addMilestone}
        </Button>
      </form>
    </section>
  );
}

/** The last change while it can be undone: 'Deshacer'. Hidden once its time is up. */
function UndoBar({ view, onUndo }: { view: RoadmapView; onUndo: () => void }) {
  const undo = view.roadmap?.undo;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!undo) return;
    const left = Date.parse(undo.until) - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, left) + 50);
    return () => clearTimeout(timer);
  }, [undo]);
  if (!undo || Date.parse(undo.until) <= now) return null;
  return (
    <Button
      variant="secondary"
      onClick={onUndo}
      aria-label={t.undoLabel(undo.label)}
      className="min-h-10 py-1.5"
    >
      <Undo2 className="size-4" aria-hidden="true" />
      {t.undo}
    </Button>
  );
}

function RoadmapBody({
  view,
  run,
  message,
  error,
}: {
  view: RoadmapView;
  run: RunChange;
  message: string;
  error: string;
}) {
  const roadmap = view.roadmap;
  const businessId = view.business_id;
  const actions: MilestoneActions = {
    editTask: (taskId, patch) => run(() => roadmapApi.editTask(businessId, taskId, patch)),
    moveTask: (taskId, position) =>
      void run(() => roadmapApi.editTask(businessId, taskId, { position }), {
        optimistic: (current) => moveTask(current, taskId, position),
      }),
    addTask: (milestoneId, title) =>
      run(() => roadmapApi.addTask(businessId, { milestone_id: milestoneId, title })),
    renameMilestone: (milestoneId, title) =>
      run(() => roadmapApi.editMilestone(businessId, milestoneId, { title })),
    moveMilestone: (milestoneId, position) =>
      void run(() => roadmapApi.editMilestone(businessId, milestoneId, { position })),
  };
  const status = (
    <p role="status" className="text-sm text-slate-700" data-testid="estado-hoja-de-ruta">
      {message}
    </p>
  );
  if (!roadmap) {
    return (
      <>
        <CreateRoadmap businessId={businessId} run={run} />
        {error ? <FormAlert message={error} /> : null}
        {status}
      </>
    );
  }
  const tasks = roadmap.milestones.flatMap((m) => m.tasks).filter((task) => task.status !== 'descartada');
  const done = tasks.filter((task) => task.status === 'hecha').length;
  const groups = byStage(roadmap.milestones);
  const all = roadmap.milestones;
  const sameStage = (a: number, b: number) => all[b] !== undefined && all[a]?.stage === all[b]?.stage;
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
          {roadmap.origin === 'plantilla' && roadmap.research_id !== null
            ? `${t.origin.plantilla} ${t.fromResearch}`
            : t.origin[roadmap.origin]}
        </span>
        <span className="text-sm font-medium text-slate-700">{t.progress(done, tasks.length)}</span>
      </div>
      {roadmap.origin === 'plantilla' ? (
        <p className="mt-2 max-w-prose text-sm text-slate-600">{t.templateNote}</p>
      ) : null}
      <RevisionPanel businessId={businessId} proposal={roadmap.proposal} run={run} />
      <div className="sticky top-0 z-20 mt-3 flex min-h-12 flex-wrap items-center gap-3 bg-slate-50/95 py-2">
        {status}
        <UndoBar view={view} onUndo={() => void run(() => roadmapApi.undo(businessId), { done: t.undone })} />
      </div>
      {error ? <FormAlert message={error} /> : null}
      <div className="mt-2 space-y-8">
        {groups.map((group) => (
          <section
            key={`${group.stage}-${group.milestones[0]?.id}`}
            aria-label={group.stage ?? t.byMilestone}
          >
            {group.stage ? <h2 className="mb-3 text-xl font-bold text-slate-900">{group.stage}</h2> : null}
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              {group.milestones.map((milestone) => (
                <MilestoneCard
                  key={milestone.id}
                  milestone={milestone}
                  actions={actions}
                  headingLevel={group.stage ? 'h3' : 'h2'}
                  position={all.indexOf(milestone)}
                  canMoveUp={sameStage(all.indexOf(milestone), all.indexOf(milestone) - 1)}
                  canMoveDown={sameStage(all.indexOf(milestone), all.indexOf(milestone) + 1)}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
      <AddMilestone view={view} run={run} />
    </>
  );
}

function RoadmapLoader({ businessId }: { businessId: number }) {
  const query = useQuery(roadmapQueryOptions(businessId));
  const { run, message, error } = useRoadmapChange(businessId);
  if (query.isPending) return <FullScreenSpinner />;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <h1 className="mt-4 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
        {query.data ? t.title(query.data.business_name) : t.entry}
      </h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">{t.intro}</p>
      {query.isError ? (
        <div className="mt-4">
          <FormAlert message={notFound ? t.notFound : t.loadError} />
        </div>
      ) : null}
      {query.data ? <RoadmapBody view={query.data} run={run} message={message} error={error} /> : null}
    </>
  );
}

/** /roadmap/{businessId}: the business's roadmap (ADR 0055, product.md §2.14); other plans see what it gives. */
export function RoadmapScreen({ businessId, planId }: { businessId: number; planId: number }) {
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.chats));
  return (
    <main className="mx-auto min-h-dvh w-full max-w-7xl px-4 py-6 sm:px-6">
      <button type="button" onClick={back} className={backClass}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.back}
      </button>
      {hasRoadmap(planId) ? (
        <RoadmapLoader businessId={businessId} />
      ) : (
        <>
          <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t.entry}</h1>
          <Upsell />
        </>
      )}
    </main>
  );
}
