import { useEffect, useState } from 'react';
import { copy } from '../config/copy.es.ts';

export const DOTS_INTERVAL_MS = 500;

/** product.md §2.6: 'Cargando' followed by 0 to 3 dots, one more every 500 ms. */
export function FullScreenSpinner() {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setDots((d) => (d + 1) % 4), DOTS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white"
    >
      <div
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <p className="relative text-lg font-medium text-slate-700">
        {copy.common.loading}
        {/* Outside the flow, so that the word stays centred while the dots change. */}
        <span className="absolute left-full text-left" aria-hidden="true">
          {'.'.repeat(dots)}
        </span>
      </p>
    </div>
  );
}
