import { hasAdvancedSources, isResearchEnabled } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Tooltip } from '../../../components/tooltip.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { publicConfig } from '../../../config/public-config.ts';
import { latestResearchQueryOptions } from '../../../lib/research-query.ts';
import { formatResearchAge } from '../format.ts';

const t = chatCopy.status;
const MINUTE_MS = 60_000;

/** A value with a tooltip that also opens on keyboard focus and is read by screen readers. */
function WithTooltip({ value, tooltip }: { value: string; tooltip: string }) {
  return (
    <Tooltip text={tooltip}>
      <button
        type="button"
        className="cursor-help font-medium text-slate-800 underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {value}
      </button>
    </Tooltip>
  );
}

/** product.md §2.6: when the last market research ran, and whether advanced sources are on for this plan. */
export function StatusLines({ businessId, planId }: { businessId: number; planId: number }) {
  const researchOn = isResearchEnabled(planId);
  const research = useQuery({ ...latestResearchQueryOptions(businessId), enabled: researchOn });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);

  // 'Hace N …' counts from the last report that researched something (ADR 0048, 0049): not from a run still
  // working, and not from a template (mode none).
  const lastCompleted = research.data?.last_researched_at;
  const templateOnly = research.data?.last_completed_at != null && !lastCompleted;
  const sources = publicConfig.researchSources;
  const researchAt = lastCompleted ? new Date(lastCompleted) : null;
  const underWay =
    research.data?.research?.status === 'pending' || research.data?.research?.status === 'running';
  return (
    <div
      className="mt-2 flex flex-wrap justify-center gap-x-5 gap-y-1 text-xs text-slate-600"
      data-testid="chat-status"
    >
      <p>
        {t.research}{' '}
        <span className="font-medium text-slate-800">
          {!researchOn ? (
            <WithTooltip value={t.researchDisabled} tooltip={t.researchDisabledTooltip} />
          ) : publicConfig.demo && (researchAt || templateOnly) ? (
            t.researchDemo
          ) : researchAt ? (
            formatResearchAge(researchAt, new Date(now))
          ) : underWay ? (
            t.researchRunning
          ) : templateOnly ? (
            t.researchTemplateOnly
          ) : research.isPending ? (
            '…'
          ) : (
            t.researchNone
          )}
        </span>
      </p>
      <p>
        {t.advancedSources}{' '}
        <span className="font-medium text-slate-800">
          {!hasAdvancedSources(planId) ? (
            <WithTooltip value={t.advancedOff} tooltip={t.advancedTooltip} />
          ) : sources === 'web' ? (
            t.advancedOn
          ) : sources === 'none' ? (
            <WithTooltip value={t.advancedDemo} tooltip={t.advancedDemoTooltip} />
          ) : (
            <WithTooltip value={t.advancedNoSearch} tooltip={t.advancedNoSearchTooltip} />
          )}
        </span>
      </p>
    </div>
  );
}
