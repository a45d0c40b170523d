import { X } from 'lucide-react';
import { useId } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { chatFlowCopy } from '../../../config/copy/chat-flow.es.ts';

const t = chatFlowCopy.shortcuts;

/** The chat's keyboard shortcuts ('?' or the 'Atajos de teclado' button opens it). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      panelClassName="relative max-h-full w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label={t.close}
        className="absolute top-3 right-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      <h2 id={titleId} className="pr-10 text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        {t.list.map((shortcut) => (
          <div key={shortcut.action} className="flex items-center justify-between gap-4 py-2.5">
            <dt className="flex shrink-0 gap-1">
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-sm text-slate-800 ring-1 ring-slate-300"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-sm text-slate-700">{shortcut.action}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
