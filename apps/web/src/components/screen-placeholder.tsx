import type { ReactNode } from 'react';

/** A screen whose content a later feature fills; it shows its Spanish title so routing is visible. */
export function ScreenPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-full max-w-3xl flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}
