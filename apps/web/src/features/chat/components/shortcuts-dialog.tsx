import { Dialog } from '../../../components/dialog.tsx';
import { chatFlowCopy } from '../../../config/copy/chat-flow.es.ts';

const t = chatFlowCopy.shortcuts;

/** The chat's keyboard shortcuts ('?' or the 'Atajos de teclado' button opens it). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t.title} onClose={onClose} closeLabel={t.close}>
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
    </Dialog>
  );
}
