import { FlaskConical } from 'lucide-react';
import { copy } from '../config/copy.es.ts';
import { publicConfig } from '../config/public-config.ts';

/**
 * AI_PROVIDER=demo (README): every signed-in screen says that the answers are scripted examples, so
 * nobody takes them for a model's advice. Renders nothing otherwise.
 */
export function DemoBanner({ demo = publicConfig.demo === true }: { demo?: boolean }) {
  if (!demo) return null;
  return (
    <p
      role="note"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      {copy.home.demo.banner}
    </p>
  );
}
