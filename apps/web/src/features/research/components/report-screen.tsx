import {
  CLAIM_KIND_LABELS,
  type ClaimKind,
  ERROR_CODES,
  isResearchEnabled,
  PRODUCT_EVENTS,
  RESEARCH_MODE_LABELS,
  RESEARCH_STAGE_LABELS,
  type ReportClaim,
  type ResearchReport,
  type ResearchSource,
} from '@rumbo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { researchCopy } from '../../../config/copy/research.es.ts';
import { paths } from '../../../config/paths.ts';
import { publicConfig } from '../../../config/public-config.ts';
import { track } from '../../../lib/analytics/client.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { latestResearchQueryKey, startResearch } from '../../../lib/research-query.ts';
import { latestQueryOptions, reportQueryOptions } from '../api/research.ts';
import { reportMarkdown } from '../report-markdown.ts';

const t = researchCopy;

const KIND_STYLES: Record<ClaimKind, string> = {
  fuente: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  estimacion: 'bg-amber-50 text-amber-800 ring-amber-200',
  modelo: 'bg-slate-100 text-slate-700 ring-slate-200',
  plantilla: 'bg-white text-slate-600 ring-slate-300',
};

const buttonClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60';
/** The one thing to do on a screen with no report yet: start the study, or get a plan that has it. */
const primaryButtonClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60';

function download(report: ResearchReport) {
  const blob = new Blob([reportMarkdown(report)], { type: 'text/markdown;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `estudio-de-mercado-${report.business_id}.md`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * A claim as text: never Markdown, so nothing in it becomes a link; its `[n]` markers and emphasis marks
 * go (the numbered links after it are the only links).
 */
const claimText = (text: string) =>
  text
    .replace(/\s?\[\d{1,3}\]/g, '')
    .replace(/(\*\*|__|`)/g, '')
    .trim();

/** A sourced claim's quote, folded: 'Cita: «…»' opens to the whole passage and its source's link. */
function Quote({ claim, source }: { claim: ReportClaim; source: ResearchSource | undefined }) {
  if (!claim.quote) return null;
  const preview = claim.quote.text.length > 90 ? `${claim.quote.text.slice(0, 90)}…` : claim.quote.text;
  return (
    <details className="mt-2 text-sm text-slate-700">
      <summary className="cursor-pointer text-slate-600 hover:text-slate-900">
        {t.quote}: «{preview}»
      </summary>
      <blockquote className="mt-2 border-l-4 border-emerald-200 pl-3 break-words [overflow-wrap:anywhere]">
        «{claim.quote.text}»
        {source ? (
          <footer className="mt-1">
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {t.quoteFrom(source.number, source.title)}
            </a>
          </footer>
        ) : null}
      </blockquote>
    </details>
  );
}

/** The header's account of the check: claims checked, supported, downgraded; what was removed. */
function Review({ report }: { report: ResearchReport }) {
  const { review } = report;
  const fellBack = report.mode === 'web' ? report.questions.filter((q) => q.fallback).length : 0;
  const removed = review.instructions_removed + review.links_removed;
  if (review.checked === 0 && removed === 0 && review.not_spanish.length === 0 && fellBack === 0) return null;
  return (
    <section
      aria-label={t.reviewTitle}
      className="mt-4 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200"
    >
      <p className="font-semibold text-slate-900">{t.reviewTitle}</p>
      <p className="mt-1 text-slate-700" data-testid="review-counts">
        {t.review(review.checked, review.supported, review.downgraded)}
      </p>
      {removed > 0 ? (
        <p className="mt-1 text-slate-700">{t.removed(review.instructions_removed, review.links_removed)}</p>
      ) : null}
      {fellBack > 0 ? <p className="mt-1 text-amber-900">{t.fallbackNote(fellBack)}</p> : null}
      {review.not_spanish.length > 0 ? (
        <div className="mt-1 text-slate-700">
          <p>{t.notSpanish}</p>
          <ul className="mt-1 list-disc pl-5 break-words [overflow-wrap:anywhere]">
            {review.not_spanish.map((text) => (
              <li key={text} lang="en">
                {text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Per planned question: what was searched, how many sources were read, or that the model answered it. */
function Method({ report }: { report: ResearchReport }) {
  if (report.questions.length === 0) return null;
  return (
    <section aria-labelledby="metodo-title" className="mt-10">
      <h2 id="metodo-title" className="text-xl font-bold text-slate-900">
        {t.methodTitle}
      </h2>
      <ol className="mt-3 space-y-3 text-sm">
        {report.questions.map((q) => (
          <li
            key={q.question}
            className="rounded-xl bg-white p-3 ring-1 ring-slate-200 break-words [overflow-wrap:anywhere]"
            data-fallback={q.fallback}
          >
            <p className="font-semibold text-slate-900">{q.question}</p>
            {q.queries.length > 0 ? (
              <p className="mt-1 text-slate-700">
                {t.searched}: {q.queries.map((query) => `«${query}»`).join(', ')}
              </p>
            ) : null}
            <p className={`mt-1 ${q.fallback ? 'text-amber-900' : 'text-slate-700'}`}>
              {q.fallback
                ? t.modelOnly
                : `${t.sourcesRead(q.sources.length)}: ${q.sources.map((n) => `[${n}]`).join(' ')}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Report({ report }: { report: ResearchReport }) {
  const sources = new Map(report.sources.map((s) => [s.number, s]));
  const date = report.completed_at ? new Date(report.completed_at).toLocaleDateString('es-ES') : null;
  const seconds = report.duration_ms === null ? null : Math.round(report.duration_ms / 1000);
  return (
    <article className="min-w-0">
      <div className="rounded-xl bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-100">
        {report.mode ? (
          <p className="font-semibold">
            {publicConfig.demo ? t.demoExample : RESEARCH_MODE_LABELS[report.mode]}
          </p>
        ) : null}
        <p className="mt-1 text-slate-600">
          {date ? `${t.madeOn(date)} · ` : ''}
          {t.usage(report.tokens_used, report.sources.length, seconds)}
        </p>
      </div>
      <Review report={report} />
      {report.missing.length > 0 ? (
        <section
          className="mt-4 rounded-xl bg-amber-50 p-4 text-sm ring-1 ring-amber-200"
          aria-label={t.partialTitle}
        >
          <p className="font-semibold text-amber-900">{t.partialTitle}</p>
          <ul className="mt-2 list-disc pl-5 text-amber-900">
            {report.missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label={t.toc} className="mt-6 print:hidden">
        <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{t.toc}</h2>
        <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {report.sections.map((section) => (
            <li key={section.key}>
              <a href={`#${section.key}`} className="text-brand-700 underline-offset-2 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {report.sections.map((section) => (
        <section
          key={section.key}
          id={section.key}
          aria-labelledby={`${section.key}-title`}
          className="mt-8 scroll-mt-4"
        >
          <h2 id={`${section.key}-title`} className="text-xl font-bold text-slate-900">
            {section.title}
          </h2>
          {section.score !== null ? (
            <p className="mt-2 inline-block rounded-lg bg-brand-600 px-3 py-1 text-sm font-semibold text-white">
              {report.mode === 'model' ? t.modelScore(section.score) : t.score(section.score)}
            </p>
          ) : null}
          <ul className="mt-3 space-y-3">
            {section.claims.map((claim) => (
              <li
                key={claim.text}
                className="rounded-xl bg-white p-3 ring-1 ring-slate-200"
                data-kind={claim.kind}
              >
                <p className="break-words text-[15px] leading-relaxed text-slate-800 [overflow-wrap:anywhere]">
                  {claimText(claim.text)}
                </p>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                  {/* A template's lines carry no badge: they are not estimates of anything (ADR 0049). */}
                  {claim.kind === 'plantilla' ? null : (
                    <span
                      className={`rounded-full px-2 py-0.5 font-semibold ring-1 ${KIND_STYLES[claim.kind]}`}
                    >
                      {/* The demo model's lines are an example, not an estimate of anything real. */}
                      {publicConfig.demo ? t.exampleBadge : CLAIM_KIND_LABELS[claim.kind]}
                    </span>
                  )}
                  {claim.sources.map((n) => {
                    const source = sources.get(n);
                    return source ? (
                      <a
                        key={n}
                        href={source.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t.sourceLink(n, source.title)}
                        className="font-semibold text-brand-700 underline underline-offset-2"
                      >
                        [{n}]
                      </a>
                    ) : null;
                  })}
                </p>
                {claim.downgraded ? (
                  <p className="mt-1 text-xs text-amber-900">{t.downgraded(claim.downgraded)}</p>
                ) : null}
                <Quote claim={claim} source={claim.quote ? sources.get(claim.quote.source) : undefined} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Method report={report} />
      {report.sources.length > 0 ? (
        <section aria-labelledby="fuentes-title" className="mt-10">
          <h2 id="fuentes-title" className="text-xl font-bold text-slate-900">
            {t.sources}
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {report.sources.map((source) => (
              <li
                key={source.number}
                id={`fuente-${source.number}`}
                className="break-words [overflow-wrap:anywhere]"
              >
                <span className="font-semibold">[{source.number}]</span>{' '}
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-700 underline"
                >
                  {source.title}
                </a>
                <span className="block text-slate-500">{source.url}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}

/**
 * The market-research report of a business (ADR 0016): the last completed report with its sections,
 * the kind of each claim and numbered sources; the run under way, if any; downloads and a refresh.
 */
export function ReportScreen({ businessId, planId }: { businessId: number; planId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const latest = useQuery(latestQueryOptions(businessId));
  const completedId = latest.data?.last_completed_id ?? null;
  const report = useQuery({ ...reportQueryOptions(completedId ?? 0), enabled: completedId !== null });
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = report.data;
  useEffect(() => {
    if (shown) {
      track(PRODUCT_EVENTS.reportViewed, {
        business_id: businessId,
        research_id: shown.id,
        mode: shown.mode,
      });
    }
  }, [shown, businessId]);

  if (latest.isPending || (completedId !== null && report.isPending)) return <FullScreenSpinner />;
  const notFound = latest.error instanceof ApiError && latest.error.status === 404;
  const run = latest.data?.research ?? null;
  const underWay = run?.status === 'pending' || run?.status === 'running';
  // The plan decides, not the last run's status: a run disabled on Starter means nothing after an upgrade.
  const noResearch = !isResearchEnabled(planId);

  const ask = async () => {
    setAsking(true);
    setRefusal(null);
    try {
      await startResearch(businessId);
      await queryClient.invalidateQueries({ queryKey: latestResearchQueryKey(businessId) });
    } catch (error) {
      setRefusal(
        error instanceof ApiError && error.code === ERROR_CODES.researchNotAllowed
          ? error.message
          : t.loadError,
      );
    } finally {
      setAsking(false);
    }
  };
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.chats));

  return (
    <main className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-6 sm:px-6">
      <button type="button" onClick={back} className={`${buttonClass} print:hidden`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.back}
      </button>
      <h1 className="mt-4 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
        {report.data ? t.title(report.data.business_name) : t.heading}
      </h1>
      {latest.isError ? (
        <div className="mt-4">
          <FormAlert message={notFound ? t.notFound : t.loadError} />
        </div>
      ) : null}
      {refusal ? (
        <div className="mt-4">
          <FormAlert message={refusal} />
        </div>
      ) : null}
      {underWay && run ? (
        <p
          className="mt-4 rounded-xl bg-white p-3 text-sm text-slate-700 ring-1 ring-slate-200"
          role="status"
        >
          {t.running(RESEARCH_STAGE_LABELS[run.stage], Math.floor(run.progress * 100))}
          {completedId !== null ? ` ${t.runningNote}` : ''}
        </p>
      ) : null}
      {run?.status === 'failed' ? (
        <div className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p>
            {t.failed} {run.error}
          </p>
          <button type="button" onClick={ask} disabled={asking} className={`${buttonClass} mt-2`}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {report.data ? (
        <>
          <div className="mt-4 flex flex-wrap gap-2 print:hidden">
            <button type="button" onClick={() => download(report.data)} className={buttonClass}>
              <Download className="size-4" aria-hidden="true" />
              {t.downloadMarkdown}
            </button>
            <button type="button" onClick={() => window.print()} className={buttonClass}>
              <FileText className="size-4" aria-hidden="true" />
              {t.downloadPdf}
            </button>
            {latest.data?.can_refresh ? (
              <button type="button" onClick={ask} disabled={asking} className={buttonClass}>
                <RefreshCw className="size-4" aria-hidden="true" />
                {asking ? t.refreshing : t.refresh}
              </button>
            ) : null}
          </div>
          <div className="mt-6">
            <Report report={report.data} />
          </div>
        </>
      ) : !latest.isError ? (
        <div className="mt-6 text-slate-700">
          <p>{noResearch ? t.disabled : underWay ? t.emptyRunning : t.empty}</p>
          {latest.data?.can_refresh && !underWay && run?.status !== 'failed' ? (
            <button type="button" onClick={ask} disabled={asking} className={`${primaryButtonClass} mt-3`}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {asking ? t.refreshing : t.start}
            </button>
          ) : null}
          {noResearch ? (
            <Link to={paths.subscription} className={`${primaryButtonClass} mt-3`}>
              {t.upgrade}
            </Link>
          ) : null}
        </div>
      ) : null}
    </main>
  );
}
