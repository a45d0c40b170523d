import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';

const texts = accountCopy.data;

/** The archive's name from the answer's Content-Disposition, or a dated default. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `rumbo-mis-datos-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * 'Descargar mis datos' (ADR 0047): fetches the zip (counting what has arrived, as the server streams
 * it without a known length), then hands it to the browser as a download. Off while it runs.
 */
export function DownloadData() {
  const [state, setState] = useState<
    { kind: 'idle' | 'preparing' | 'done' | 'failed' } | { kind: 'loading'; bytes: number }
  >({ kind: 'idle' });
  const busy = state.kind === 'preparing' || state.kind === 'loading';

  const download = async () => {
    setState({ kind: 'preparing' });
    try {
      const response = await fetch('/api/users/me/export', { credentials: 'same-origin' });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const reader = response.body.getReader();
      const parts: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        setState({ kind: 'loading', bytes });
      }
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'application/zip' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ kind: 'done' });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{texts.hint}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" loading={busy} onClick={() => void download()}>
          {!busy ? <Download className="size-4" aria-hidden="true" /> : null}
          {texts.download}
        </Button>
        <p
          role="status"
          className={state.kind === 'failed' ? 'text-sm text-red-700' : 'text-sm text-slate-600'}
        >
          {state.kind === 'preparing'
            ? texts.preparing
            : state.kind === 'loading'
              ? texts.progress(Math.max(1, Math.round(state.bytes / 1024)))
              : state.kind === 'done'
                ? texts.done
                : state.kind === 'failed'
                  ? texts.failed
                  : ''}
        </p>
      </div>
    </div>
  );
}
