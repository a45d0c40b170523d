import { type RoadmapProposal, TASK_KIND_LABELS } from '@rumbo/contract';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { roadmapCopy } from '../../../config/copy/roadmap.es.ts';
import { roadmapApi } from '../api/roadmap.ts';
import type { RunChange } from '../use-roadmap-change.ts';

const t = roadmapCopy.review;

function ChangeList({ title, items, tone }: { title: string; items: string[]; tone: string }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">{`${title} (${items.length})`}</h4>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t.none}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {items.map((item) => (
            <li key={item} className={`rounded-md px-2 py-1 text-sm break-words ${tone}`}>
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A revision waiting for an answer: what it adds, removes and keeps, the roadmap it proposes, and the choice. */
function Proposal({
  businessId,
  proposal,
  run,
}: {
  businessId: number;
  proposal: RoadmapProposal;
  run: RunChange;
}) {
  const [busy, setBusy] = useState<'apply' | 'discard' | null>(null);
  const answer = async (kind: 'apply' | 'discard') => {
    setBusy(kind);
    await run(
      () => (kind === 'apply' ? roadmapApi.applyReview(businessId) : roadmapApi.discardReview(businessId)),
      kind === 'discard' ? { done: t.discarded } : {},
    );
    setBusy(null);
  };
  const { changes } = proposal;
  return (
    <div className="mt-4 space-y-4">
      <h3 className="text-base font-bold text-slate-900">{t.title}</h3>
      <p className="text-sm text-slate-700">{proposal.origin === 'mentor' ? t.byMentor : t.byTemplate}</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <ChangeList title={t.added} items={changes.added} tone="bg-green-50 text-green-900" />
        <ChangeList title={t.removed} items={changes.removed} tone="bg-red-50 text-red-900 line-through" />
        <ChangeList title={t.kept} items={changes.kept} tone="bg-slate-100 text-slate-800" />
      </div>
      {changes.done_kept > 0 ? (
        <p className="text-sm text-slate-700">{t.doneKept(changes.done_kept)}</p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
          {t.proposedRoadmap}
        </summary>
        <ol className="mt-2 space-y-3">
          {proposal.milestones.map((milestone) => (
            <li key={`${milestone.stage}-${milestone.title}`}>
              <p className="font-semibold text-slate-900">
                {milestone.stage ? `${milestone.stage} · ${milestone.title}` : milestone.title}
              </p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
                {milestone.tasks.map((task) => (
                  <li key={task.title}>
                    {task.kind !== 'tarea' ? `${TASK_KIND_LABELS[task.kind]}: ` : ''}
                    {task.title}
                    {task.done_when ? ` — ${task.done_when}` : ''}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </details>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void answer('apply')} loading={busy === 'apply'} disabled={busy !== null}>
          {t.apply}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void answer('discard')}
          loading={busy === 'discard'}
          disabled={busy !== null}
        >
          {t.discard}
        </Button>
      </div>
    </div>
  );
}

/** 'Revisar mi hoja de ruta' and, once asked, the revision to answer. */
export function RevisionPanel({
  businessId,
  proposal,
  run,
}: {
  businessId: number;
  proposal: RoadmapProposal | null;
  run: RunChange;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <section
      aria-labelledby="revisar-hoja-de-ruta"
      className="mt-4 max-w-4xl rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="revisar-hoja-de-ruta" className="text-lg font-bold text-slate-900">
          {t.ask}
        </h2>
        <Button
          variant="secondary"
          loading={asking}
          onClick={async () => {
            setAsking(true);
            await run(() => roadmapApi.review(businessId), { done: t.title });
            setAsking(false);
          }}
        >
          <Sparkles className="size-4" aria-hidden="true" />
          {t.ask}
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-600">{asking ? t.asking : t.cost}</p>
      {proposal ? <Proposal businessId={businessId} proposal={proposal} run={run} /> : null}
    </section>
  );
}
