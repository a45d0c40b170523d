import { NO_PLAN } from '@rumbo/contract';
import { Compass } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { DemoBanner } from '../../components/demo-banner.tsx';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { publicConfig } from '../../config/public-config.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { PlanChooser } from '../../features/billing/components/plan-chooser.tsx';
import { useRefreshAccount } from '../use-refresh-account.ts';

/**
 * product.md §2.10 'Plan selection' (ADR 0006: a user without a plan cannot leave it, hence the sign-out
 * button and no navigation; the demo banner still says what the answers are). Starter applies at once and leads home; a paid plan leaves for the payment page.
 */
export function Component() {
  const { data: user } = useMe();
  const navigate = useNavigate();
  const refreshAccount = useRefreshAccount();
  const onFreePlanApplied = useCallback(async () => {
    await refreshAccount();
    await navigate(paths.home, { replace: true });
  }, [refreshAccount, navigate]);

  return (
    <div className="min-h-full bg-linear-to-b from-brand-50 via-slate-50 to-slate-50">
      <DemoBanner />
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <span className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span className="flex size-9 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md shadow-brand-600/30">
            <Compass className="size-5" aria-hidden="true" />
          </span>
          {publicConfig.productName}
        </span>
        <SignOutButton />
      </header>
      <main className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-8 sm:pt-8">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {copy.billing.plans.title}
          </h1>
          <p className="mt-3 text-slate-600">{copy.billing.plans.subtitle}</p>
        </div>
        <PlanChooser currentPlanId={user?.plan_id ?? NO_PLAN} onFreePlanApplied={onFreePlanApplied} />
      </main>
    </div>
  );
}
