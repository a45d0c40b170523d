import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Compass } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';
import { getCheckoutStatus } from '../api/subscriptions.ts';
import { billingQueryKeys } from '../hooks/use-current-subscription.ts';

const texts = copy.billing.payment;

/** product.md §2.11 and §9: both result screens go to the site root after 7 s, on a 1 s tick. */
export const RESULT_REDIRECT_MS = 7000;
export const RESULT_TICK_MS = 1000;

/** Calls `onDone` once, `RESULT_REDIRECT_MS` after the screen opened. */
function useRedirectAfterDelay(onDone: () => void) {
  const latest = useRef(onDone);
  latest.current = onDone;
  useEffect(() => {
    const timer = setTimeout(() => latest.current(), RESULT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
}

/** Seconds since the screen opened, one tick a second. */
function useSecondsElapsed(): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => s + 1), RESULT_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return seconds;
}

/** stripe_cancel (product.md §2.11): the failure text, dots from 1 to 3 each second, home after 7 s. */
export function PaymentCancelScreen({ onDone }: { onDone: () => void }) {
  useRedirectAfterDelay(onDone);
  const seconds = useSecondsElapsed();
  return <PaymentOutcome outcome="failed" dots={(seconds % 3) + 1} />;
}

export type PaymentResult = 'pending' | 'paid' | 'failed';

/**
 * stripe_success (product.md §2.11): a spinner, then from the first 1 s tick the result of the checkout
 * lookup ('paid' is success; no session id, another status or a failed lookup is failure), and the
 * site root after 7 s. `onSettled` runs once the lookup has answered, so that the caller can drop
 * the user data the payment changed.
 */
export function PaymentSuccessScreen({
  sessionId,
  onSettled,
  onDone,
}: {
  sessionId: string | null;
  onSettled: (result: Exclude<PaymentResult, 'pending'>) => void;
  onDone: () => void;
}) {
  useRedirectAfterDelay(onDone);
  const seconds = useSecondsElapsed();
  const lookup = useQuery({
    queryKey: billingQueryKeys.checkout(sessionId ?? ''),
    queryFn: ({ signal }) => getCheckoutStatus(sessionId ?? '', signal),
    enabled: Boolean(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const result: PaymentResult = !sessionId
    ? 'failed'
    : lookup.isSuccess
      ? lookup.data.status === 'paid'
        ? 'paid'
        : 'failed'
      : lookup.isError
        ? 'failed'
        : 'pending';

  const settled = useRef(false);
  const latestOnSettled = useRef(onSettled);
  latestOnSettled.current = onSettled;
  useEffect(() => {
    if (result === 'pending' || settled.current) return;
    settled.current = true;
    latestOnSettled.current(result);
  }, [result]);

  if (seconds < 1 || result === 'pending') return <PaymentChecking />;
  return <PaymentOutcome outcome={result} />;
}

/**
 * The card both screens sit in. Its live region stays in place while the success screen moves from
 * the spinner to the result, so that screen readers announce the result.
 */
function ResultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-linear-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-10">
      <main className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/5 sm:p-10">
        <div role="status" aria-live="polite">
          {children}
        </div>
      </main>
    </div>
  );
}

function PaymentChecking() {
  return (
    <ResultLayout>
      <div className="flex flex-col items-center gap-4 py-6">
        <div
          className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
          aria-hidden="true"
        />
        <p className="text-lg font-medium text-slate-700">{texts.checking}</p>
      </div>
    </ResultLayout>
  );
}

function PaymentOutcome({ outcome, dots }: { outcome: 'paid' | 'failed'; dots?: number }) {
  const paid = outcome === 'paid';
  const Icon = paid ? CircleCheck : CircleX;
  return (
    <ResultLayout>
      <div className="flex flex-col items-center gap-4">
        <span
          className={`flex size-14 items-center justify-center rounded-full ${
            paid ? 'bg-emerald-50 text-emerald-600' : 'bg-red-50 text-red-600'
          }`}
        >
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{paid ? texts.success : texts.failed}</h1>
        <p className="text-slate-600">{paid ? texts.successBody : texts.failedBody}</p>
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Compass
            className="size-4 motion-safe:animate-spin motion-safe:[animation-duration:3s]"
            aria-hidden="true"
          />
          <span>
            {texts.redirecting}
            {dots === undefined ? '…' : null}
            {dots === undefined ? null : (
              <span data-testid="payment-dots" className="inline-block w-4 text-left" aria-hidden="true">
                {'.'.repeat(dots)}
              </span>
            )}
          </span>
        </p>
        <Link
          to={paths.home}
          replace
          className="rounded font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {texts.goHomeNow}
        </Link>
      </div>
    </ResultLayout>
  );
}
