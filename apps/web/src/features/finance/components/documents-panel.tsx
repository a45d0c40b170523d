import { Download } from 'lucide-react';
import { financeCopy } from '../../../config/copy/finance.es.ts';

const t = financeCopy.documents;

const linkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';

/** 'Descargar plan de empresa' and the one-pager, as PDF or Word (ADR 0042): built by the server from the saved plan. */
export function DocumentsPanel({ businessId, saving }: { businessId: number; saving: boolean }) {
  const href = (kind: 'plan' | 'one-pager', format: 'pdf' | 'docx') =>
    `/api/businesses/${businessId}/financial-plan/document?${new URLSearchParams({ kind, format })}`;
  const links = [
    { label: t.planPdf, href: href('plan', 'pdf') },
    { label: t.planDocx, href: href('plan', 'docx') },
    { label: t.onePagerPdf, href: href('one-pager', 'pdf') },
    { label: t.onePagerDocx, href: href('one-pager', 'docx') },
  ];
  return (
    <section
      aria-labelledby="documentos"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <h2 id="documentos" className="text-lg font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="max-w-prose text-sm text-slate-600">{t.intro}</p>
      <div className="flex flex-wrap gap-2" aria-busy={saving || undefined}>
        {links.map((link) => (
          <a key={link.href} href={link.href} download className={linkClass}>
            <Download className="size-4" aria-hidden="true" />
            {link.label}
          </a>
        ))}
      </div>
    </section>
  );
}
