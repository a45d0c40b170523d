import { NO_PLAN } from '@rumbo/contract';
import { copy } from '../../config/copy.es.ts';
import { publicConfig } from '../../config/public-config.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { PlanSummaryCard } from '../../features/billing/components/plan-summary-card.tsx';
import { CreditsCard } from '../../features/credits/credits-card.tsx';
import { ComingSoonCard, FeedbackCard, TutorialCard } from '../../features/home/home-cards.tsx';

const texts = copy.billing.home;

/** Spec §2.9 'Home': tutorial, subscription, credits, 'Proximamente...' and feedback cards. */
export function Component() {
  // The root shows this screen only once the product user has loaded.
  const { data: user } = useMe();
  const firstName = user?.full_name.trim().split(/\s+/)[0] ?? '';
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{texts.title}</h1>
      <p className="mt-2 text-slate-600">
        <span className="font-medium text-slate-800">{texts.greeting(firstName)}.</span> {texts.intro}
      </p>
      <div className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <TutorialCard
          productName={publicConfig.productName}
          videoUrl={publicConfig.tutorialVideoUrl}
          className="sm:col-span-2 lg:row-span-2"
        />
        <PlanSummaryCard planId={user?.plan_id ?? NO_PLAN} />
        <CreditsCard planId={user?.plan_id ?? NO_PLAN} credits={user?.available_credits ?? 0} />
        <ComingSoonCard />
        <FeedbackCard url={publicConfig.feedbackUrl} className="lg:col-span-2" />
      </div>
    </main>
  );
}
