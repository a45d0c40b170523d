import { Download, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { isPasswordError, openPdf, type PdfDocument } from './pdf-document.ts';
import { PdfPage } from './pdf-page.tsx';

const t = chatCopy.pdfViewer;

/** Pages shown at most, as many as the server reads for the mentor; a longer PDF is downloaded to be read whole. */
export const PDF_VIEWER_MAX_PAGES = 200;

type Viewing =
  | { status: 'opening' }
  | { status: 'open'; pdf: PdfDocument; ratio: number }
  | { status: 'failed'; message: string; gone: boolean };

/** The file could not be fetched: `gone` when the server says there is no such file of this user's. */
class Unavailable extends Error {
  constructor(readonly gone: boolean) {
    super('unavailable');
  }
}

const pageNumbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

async function readPdf(src: string): Promise<{ pdf: PdfDocument; ratio: number }> {
  const res = await fetch(src);
  if (!res.ok) throw new Unavailable(res.status === 404 || res.status === 400);
  const pdf = await openPdf(new Uint8Array(await res.arrayBuffer()));
  const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
  return { pdf, ratio: first.width / first.height };
}

function failureOf(error: unknown): Extract<Viewing, { status: 'failed' }> {
  const gone = error instanceof Unavailable && error.gone;
  const message = gone ? t.missing : isPasswordError(error) ? t.protected : t.unreadable;
  return { status: 'failed', message, gone };
}

/**
 * A PDF attachment drawn page by page by the app itself (ADR 0032), with its name and a download
 * button; `src` has been checked to be an attachment of this app (pdf-source.ts).
 */
export function PdfViewer({ src, name }: { src: string; name: string }) {
  const [viewing, setViewing] = useState<Viewing>({ status: 'opening' });

  useEffect(() => {
    let left = false;
    let opened: PdfDocument | undefined;
    setViewing({ status: 'opening' });
    readPdf(src).then(
      ({ pdf, ratio }) => {
        opened = pdf;
        if (left) void pdf.destroy();
        else setViewing({ status: 'open', pdf, ratio });
      },
      (error: unknown) => {
        if (!left) setViewing(failureOf(error));
      },
    );
    return () => {
      left = true;
      void opened?.destroy();
    };
  }, [src]);

  const count = viewing.status === 'open' ? viewing.pdf.numPages : 0;
  const shown = Math.min(count, PDF_VIEWER_MAX_PAGES);
  return (
    <div className="min-h-full bg-slate-100">
      <header className="sticky top-0 z-10 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5 shadow-xs">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-600">
          <FileText className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold text-slate-900" title={name}>
            {name}
          </h1>
          {count > 0 ? <p className="text-xs text-slate-600">{t.pages(count)}</p> : null}
        </div>
        {viewing.status === 'failed' && viewing.gone ? null : (
          <a
            href={src}
            download={name}
            className="inline-flex min-h-10 shrink-0 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Download className="size-4" aria-hidden="true" />
            {t.download}
          </a>
        )}
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-4 px-3 py-4 sm:px-6">
        {viewing.status === 'opening' ? (
          <p role="status" className="py-16 text-center text-slate-600">
            {t.opening}
          </p>
        ) : null}
        {viewing.status === 'failed' ? <FormAlert message={viewing.message} /> : null}
        {count > shown ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {t.firstPagesOnly(shown, count)}
          </p>
        ) : null}
        {viewing.status === 'open'
          ? pageNumbers(shown).map((number) => (
              <PdfPage key={number} pdf={viewing.pdf} number={number} count={count} ratio={viewing.ratio} />
            ))
          : null}
      </main>
    </div>
  );
}
