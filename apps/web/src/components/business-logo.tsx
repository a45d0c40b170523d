import type { Business } from '@rumbo/contract';
import { Building2, Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { copy } from '../config/copy.es.ts';

/**
 * The business's logo (served to its owner only, same origin) or a default icon by stage. Shared: the
 * dashboard's cards and the chat both show it, and features do not import each other.
 */
export function BusinessLogo({
  business,
  className = 'size-14',
}: {
  business: Business;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (business.logo_url && !failed) {
    return (
      <img
        src={business.logo_url}
        alt={copy.businesses.dashboard.logoAlt(business.name)}
        onError={() => setFailed(true)}
        className={`${className} shrink-0 rounded-xl object-cover ring-1 ring-slate-200`}
      />
    );
  }
  const Icon = business.stage === 'idea' ? Lightbulb : Building2;
  return (
    <span
      className={`${className} flex shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100`}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
