import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame of what an answer proposes to change elsewhere (the financial plan's figures, ADR 0041; the
 * roadmap's tasks, ADR 0055): a titled box under the answer, the proposal and its action inside, and a
 * link to the screen where the change lands.
 */
export function ProposalCard({
  title,
  testId,
  link,
  children,
}: {
  title: string;
  testId: string;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="mt-3 space-y-2 rounded-xl bg-brand-50/60 p-3 ring-1 ring-brand-100"
      data-testid={testId}
    >
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children}
      <Link to={link.to} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
        {link.label}
      </Link>
    </section>
  );
}

/** The card's one action ('Aplicar', 'Añadir a mi hoja de ruta'): compact, to sit beside the proposal. */
export function ProposalAction({ type = 'button', ...props }: ComponentProps<'button'>) {
  return (
    <button
      type={type}
      className="inline-flex min-h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      {...props}
    />
  );
}
