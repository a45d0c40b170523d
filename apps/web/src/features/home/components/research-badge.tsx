import type { LatestResearch } from '@rumbo/contract';
import { CircleAlert, CircleCheck, CircleMinus, LoaderCircle } from 'lucide-react';
import { copy } from '../../../config/copy.es.ts';
import { publicConfig } from '../../../config/public-config.ts';

const t = copy.home.research;

/** What the home knows of a business's latest research: still asking, or the API's answer. */
export type ResearchState = 'loading' | LatestResearch;

/** A business's market research in a few words: ready, in progress (with its percentage), failed, off. */
export function ResearchBadge({ state }: { state: ResearchState }) {
  const research = state === 'loading' ? undefined : state.research;
  const [label, Icon, tone] =
    state === 'loading'
      ? [t.loading, LoaderCircle, 'bg-slate-100 text-slate-600']
      : !research
        ? [t.none, CircleMinus, 'bg-slate-100 text-slate-600']
        : research.status === 'completed'
          ? // A template or a demo example researched nothing: ready, in the neutral tone, not research's green.
            publicConfig.demo
            ? [t.demoExample, CircleCheck, 'bg-slate-100 text-slate-700']
            : research.mode === 'none'
              ? [t.scaffold, CircleCheck, 'bg-slate-100 text-slate-700']
              : [t.completed, CircleCheck, 'bg-emerald-50 text-emerald-800']
          : research.status === 'failed'
            ? [t.failed, CircleAlert, 'bg-red-50 text-red-700']
            : research.status === 'disabled'
              ? [t.disabled, CircleMinus, 'bg-slate-100 text-slate-600']
              : [t.running(Math.round(research.progress * 100)), LoaderCircle, 'bg-brand-50 text-brand-700'];
  const spinning = Icon === LoaderCircle;
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ${tone}`}>
      <Icon
        className={`size-3.5 shrink-0 ${spinning ? 'motion-safe:animate-spin' : ''}`}
        aria-hidden="true"
      />
      {label}
    </span>
  );
}
