import { NO_PLAN } from '@rumbo/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { publicConfig } from '../../config/public-config.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { PlanSummaryCard } from '../../features/billing/components/plan-summary-card.tsx';
import { businessesQueryOptions } from '../../features/businesses/api/businesses.ts';
import { CreditsCard } from '../../features/credits/credits-card.tsx';
import { latestChatQueryOptions } from '../../features/home/api/home.ts';
import { BusinessesCard } from '../../features/home/components/businesses-card.tsx';
import { LatestChatCard } from '../../features/home/components/latest-chat-card.tsx';
import type { ResearchState } from '../../features/home/components/research-badge.tsx';
import { ComingSoonCard, FeedbackCard, TutorialCard } from '../../features/home/home-cards.tsx';
import { latestQueryOptions } from '../../features/research/api/research.ts';

const texts = copy.billing.home;

/**
 * product.md §2.9 'Home': subscription, credits, 'Proximamente...' and feedback cards, the tutorial video when
 * one is configured, and (ADR 0047) what is useful from the first day: the user's businesses with the
 * state of their research, and the last conversation to continue.
 */
export function Component() {
  // The root shows this screen only once the product user has loaded.
  const { data: user } = useMe();
  const firstName = user?.full_name.trim().split(/\s+/)[0] ?? '';
  const businesses = useQuery(businessesQueryOptions());
  const latestChat = useQuery(latestChatQueryOptions());
  const researches = useQueries({
    queries: (businesses.data ?? []).map((business) => latestQueryOptions(business.id)),
  });
  const researchById = new Map(
    (businesses.data ?? []).map((business, index) => [business.id, researches[index]?.data]),
  );
  const researchOf = (businessId: number): ResearchState => researchById.get(businessId) ?? 'loading';
  const video = publicConfig.tutorialVideoUrl;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{texts.title}</h1>
      <p className="mt-2 text-slate-600">
        <span className="font-medium text-slate-800">{texts.greeting(firstName)}.</span> {texts.intro}
      </p>
      <div className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <LatestChatCard latest={latestChat.data} failed={latestChat.isError} className="sm:col-span-2" />
        <PlanSummaryCard planId={user?.plan_id ?? NO_PLAN} />
        <BusinessesCard
          businesses={businesses.data}
          failed={businesses.isError && !businesses.data}
          onRetry={() => void businesses.refetch()}
          researchOf={researchOf}
          className="sm:col-span-2 lg:row-span-2"
        />
        <CreditsCard planId={user?.plan_id ?? NO_PLAN} credits={user?.available_credits ?? 0} />
        <ComingSoonCard />
        {video ? (
          <TutorialCard productName={publicConfig.productName} videoUrl={video} className="sm:col-span-2" />
        ) : null}
        <FeedbackCard
          url={publicConfig.feedbackUrl}
          page={paths.home}
          className={video ? '' : 'sm:col-span-2 lg:col-span-3'}
        />
      </div>
    </main>
  );
}
