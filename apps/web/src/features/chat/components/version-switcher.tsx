import { ChevronLeft, ChevronRight } from 'lucide-react';
import { chatFlowCopy } from '../../../config/copy/chat-flow.es.ts';

const t = chatFlowCopy.versions;

const arrowClass =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-300 disabled:hover:bg-transparent';

/**
 * '‹ 1/2 ›' on a message with several versions (a regenerated answer, an edited question; ADR 0043): the
 * arrows show the version before or after, and the chat continues from the one shown. Without
 * `onShow` (an answer is being written) it only says which version this is.
 */
export function VersionSwitcher({
  id,
  versions,
  what,
  onShow,
}: {
  id: number | null;
  versions: readonly number[];
  what: 'answer' | 'question';
  onShow?: (messageId: number) => void;
}) {
  const index = id === null ? -1 : versions.indexOf(id);
  if (index < 0 || versions.length < 2) return null;
  const go = (to: number) => {
    const target = versions[to];
    if (target !== undefined) onShow?.(target);
  };
  return (
    <fieldset
      data-testid="version-switcher"
      className="m-0 inline-flex min-w-0 items-center border-0 p-0 text-sm font-medium text-slate-600"
    >
      <legend className="sr-only">{t.label(what)}</legend>
      <button
        type="button"
        aria-label={t.previous}
        disabled={!onShow || index === 0}
        onClick={() => go(index - 1)}
        className={arrowClass}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      <span aria-hidden="true" className="min-w-8 text-center tabular-nums">
        {t.position(index + 1, versions.length)}
      </span>
      <span className="sr-only">{t.spoken(index + 1, versions.length)}</span>
      <button
        type="button"
        aria-label={t.next}
        disabled={!onShow || index === versions.length - 1}
        onClick={() => go(index + 1)}
        className={arrowClass}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </fieldset>
  );
}
