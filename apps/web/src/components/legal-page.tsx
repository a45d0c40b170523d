import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { copy } from '../config/copy.es.ts';
import { paths } from '../config/paths.ts';

export interface LegalText {
  title: string;
  intro: string;
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }>;
}

/** A static legal page (terms, privacy), readable without signing in; `children` follow the sections. */
export function LegalPage({
  productName,
  text,
  children,
}: {
  productName: string;
  text: LegalText;
  children?: ReactNode;
}) {
  return (
    <div className="min-h-full bg-slate-50 px-4 py-10 sm:py-16">
      <main className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 sm:p-10">
        {/* The way back at the top too: a reader should not have to reach the foot to leave. */}
        <BackHome className="mb-6" />
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{productName}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
        <p className="mt-4 text-slate-600">{text.intro}</p>
        {text.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        {children}
        <BackHome className="mt-10" />
      </main>
    </div>
  );
}

function BackHome({ className }: { className: string }) {
  return (
    <Link
      to={paths.home}
      className={`${className} inline-flex items-center gap-2 rounded font-medium text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {copy.common.backHome}
    </Link>
  );
}
