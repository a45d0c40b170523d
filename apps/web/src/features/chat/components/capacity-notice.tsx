import type { Research } from '@rumbo/contract';
import { Check, Copy, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { publicConfig } from '../../../config/public-config.ts';
import { capacityProgress } from '../capacity.ts';

const t = chatCopy.capacity;
/** product.md §9: the copy button's label comes back after 3 s. */
export const COPY_REVERT_MS = 3000;
const TICK_MS = 1000;

/**
 * product.md §2.6 and §4: loading (a bar filling to 100 % over 10 minutes from `start`) → completed; the
 * close button works only once completed, and closing hides it.
 */
export interface ResearchState {
  /** 'none': no run yet, on a plan that includes research (ADR 0049). */
  status: Research['status'] | 'none';
  /** How a completed run was made: a scaffold (`none`) researched nothing. */
  mode?: Research['mode'];
  /** The run's stage in Spanish, while it works. */
  label: string | null;
  progress: number;
  error: string | null;
}

export function CapacityNotice({
  start,
  businessName,
  research,
  reportHref,
  onRetry,
  onStart,
}: {
  start: number;
  businessName: string;
  /** The business's research run; without one the notice follows the 10-minute window only. */
  research?: ResearchState | null;
  reportHref?: string;
  onRetry?: () => Promise<unknown>;
  /** Starts the first run ('Empezar estudio'). */
  onStart?: () => Promise<unknown>;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [closed, setClosed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const timeProgress = capacityProgress(start, now);
  const failed = research?.status === 'failed';
  // The real run decides (ADR 0049): a run under way is never shown as done. Only without a run to follow
  // does the 10-minute window of product.md §4 stand.
  const completed = !failed && (research?.status === 'completed' || (!research && timeProgress >= 1));
  const running = research?.status === 'pending' || research?.status === 'running';
  const progress = running ? Math.max(research.progress, 0.02) : timeProgress;

  useEffect(() => {
    if (completed || failed) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [completed, failed]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_REVERT_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (closed) return null;
  const percent = Math.floor(progress * 100);
  if (research?.status === 'none') {
    return (
      <aside
        aria-label={t.noneTitle(businessName)}
        data-state="none"
        className="relative rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
      >
        <p className="font-semibold text-slate-900">{t.noneTitle(businessName)}</p>
        <p className="mt-1 text-sm text-slate-700">{t.noneText}</p>
        {onStart ? (
          <button
            type="button"
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              onStart().finally(() => setRetrying(false));
            }}
            className="mt-3 inline-flex min-h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            {retrying ? t.starting : t.start}
          </button>
        ) : null}
      </aside>
    );
  }
  if (research?.status === 'completed' && (research.mode === 'none' || publicConfig.demo)) {
    const demo = publicConfig.demo === true;
    return (
      <aside
        aria-label={demo ? t.demoTitle : t.scaffoldTitle}
        data-state="scaffold"
        className="relative rounded-2xl bg-slate-50 p-4 pr-12 ring-1 ring-slate-200"
      >
        <button
          type="button"
          onClick={() => setClosed(true)}
          aria-label={t.close}
          className="absolute top-3 right-3 flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-white hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
        <p className="font-semibold text-slate-900">{demo ? t.demoTitle : t.scaffoldTitle}</p>
        <p className="mt-1 text-sm text-slate-700">{demo ? t.demoText : t.scaffoldText}</p>
        {reportHref ? (
          <Link
            to={reportHref}
            className="mt-2 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {demo ? t.viewDemo : t.viewScaffold}
          </Link>
        ) : null}
      </aside>
    );
  }
  if (failed) {
    return (
      <aside
        aria-label={t.failedTitle}
        data-state="failed"
        className="relative rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
      >
        <p className="font-semibold text-slate-900">{t.failedTitle}</p>
        <p className="mt-1 text-sm text-slate-700">{research?.error}</p>
        {onRetry ? (
          <button
            type="button"
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              onRetry().finally(() => setRetrying(false));
            }}
            className="mt-3 inline-flex min-h-9 items-center rounded-lg bg-white px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            {retrying ? t.retrying : t.retry}
          </button>
        ) : null}
      </aside>
    );
  }
  return (
    <aside
      aria-label={completed ? t.completedTitle : t.loadingTitle(businessName)}
      data-state={completed ? 'completed' : 'loading'}
      className="relative rounded-2xl bg-brand-50 p-4 pr-12 ring-1 ring-brand-100"
    >
      <button
        type="button"
        onClick={() => setClosed(true)}
        disabled={!completed}
        aria-label={t.close}
        className="absolute top-3 right-3 flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-white hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <p className="font-semibold text-slate-900">
        {completed ? t.completedTitle : t.loadingTitle(businessName)}
      </p>
      {completed && research?.mode === 'model' ? (
        <p className="mt-1 text-sm text-amber-900">{t.modelNote}</p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">{completed ? t.completedText : t.loadingText}</p>
      {!completed && running && research?.label ? (
        <p className="mt-2 text-sm font-medium text-brand-700" data-testid="research-stage">
          {research.label} · {percent} %
        </p>
      ) : null}
      {completed ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <q className="text-sm text-slate-800 italic">{t.question}</q>
          <button
            type="button"
            onClick={() => {
              navigator.clipboard
                ?.writeText(t.question)
                .then(() => setCopied(true))
                .catch(() => undefined);
            }}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            <span aria-live="polite">{copied ? t.copied : t.copy}</span>
          </button>
        </div>
      ) : null}
      {completed && research?.status === 'completed' && reportHref ? (
        <Link
          to={reportHref}
          className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {t.viewReport}
        </Link>
      ) : null}
      {completed ? null : (
        <div
          role="progressbar"
          aria-label={t.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-3 h-2 overflow-hidden rounded-full bg-white"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </aside>
  );
}
