import type { Business } from '@rumbo/contract';
import { MessageCircleQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { BusinessLogo } from '../../../components/business-logo.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';

/** product.md §2.6 'Empty state': 'Mi negocio' → 'Mi negocio'; 'tienda verde' → 'Tienda verde'. */
export function capitalise(name: string): string {
  return name.charAt(0).toLocaleUpperCase('es-ES') + name.slice(1);
}

/** A new chat: the business, and four suggested questions that send themselves when chosen. */
export function EmptyChat({
  business,
  questions,
  disabled,
  onAsk,
  notice,
}: {
  business: Business;
  questions: readonly string[];
  disabled: boolean;
  onAsk: (question: string) => void;
  notice?: ReactNode;
}) {
  return (
    // At phone width everything above the questions is smaller, so that they show above the input
    // rather than one of them.
    <div className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-4 sm:gap-8 sm:px-6 sm:py-12">
        {notice}
        <div className="flex flex-col items-center gap-2 text-center sm:gap-4">
          <BusinessLogo business={business} className="size-10 sm:size-16" />
          <h2 className="text-xl font-bold tracking-tight text-balance wrap-normal break-normal text-slate-900 sm:text-3xl">
            {capitalise(business.name)}
          </h2>
        </div>
        <section aria-label={chatCopy.empty.suggestionsLabel}>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3">
            {questions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onAsk(question)}
                  className="flex h-full w-full items-start gap-3 rounded-xl bg-white p-3 text-left sm:p-4 text-sm text-slate-700 shadow-xs ring-1 ring-slate-200 hover:bg-brand-50 hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <MessageCircleQuestion
                    className="mt-0.5 size-4 shrink-0 text-brand-600"
                    aria-hidden="true"
                  />
                  <span>{question}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
