import { ExternalLink, MessageSquareHeart, PlayCircle, Rocket } from 'lucide-react';
import { DashboardCard, linkButtonClasses } from '../../components/dashboard-card.tsx';
import { copy } from '../../config/copy.es.ts';

const texts = copy.billing.home;

/**
 * Spec §2.9: the tutorial video. The CSP forbids third-party frames, so a configured video opens in a
 * new tab; without one the card says the video is coming.
 */
export function TutorialCard({
  productName,
  videoUrl,
  className = '',
}: {
  productName: string;
  videoUrl: string | undefined;
  className?: string;
}) {
  return (
    <DashboardCard title={texts.tutorial.title(productName)} icon={PlayCircle} className={className}>
      <div className="flex flex-1 flex-col gap-5 sm:flex-row sm:items-center">
        <div
          className="relative flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-xl bg-linear-to-br from-brand-600 via-brand-500 to-indigo-400 sm:w-3/5"
          aria-hidden="true"
        >
          <PlayCircle className="size-14 text-white/90" strokeWidth={1.5} />
          {videoUrl ? null : (
            <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-brand-700">
              {texts.tutorial.soon}
            </span>
          )}
        </div>
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{texts.tutorial.body}</p>
          {videoUrl ? (
            <a
              href={videoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={linkButtonClasses.primary}
            >
              {texts.tutorial.watch}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{` ${texts.feedback.newTab}`}</span>
            </a>
          ) : (
            <p className="text-sm font-medium text-slate-500">{texts.tutorial.unavailable}</p>
          )}
        </div>
      </div>
    </DashboardCard>
  );
}

/** Spec §2.9: the 'Proximamente...' card. */
export function ComingSoonCard({ className = '' }: { className?: string }) {
  return (
    <DashboardCard title={texts.comingSoon.title} icon={Rocket} className={className}>
      <p className="text-sm text-slate-600">{texts.comingSoon.body}</p>
    </DashboardCard>
  );
}

/**
 * Spec §2.9: feedback goes to an external contact page, in a new tab. Without one configured
 * (FEEDBACK_URL) the card says so instead of offering a button that leads nowhere.
 */
export function FeedbackCard({ url, className = '' }: { url: string | undefined; className?: string }) {
  return (
    <DashboardCard title={texts.feedback.title} icon={MessageSquareHeart} className={className}>
      <p className="text-sm text-slate-600">{texts.feedback.body}</p>
      <div className="mt-auto pt-4">
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className={linkButtonClasses.secondary}>
            {texts.feedback.button}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">{` ${texts.feedback.newTab}`}</span>
          </a>
        ) : (
          <p className="text-sm text-slate-500">{texts.feedback.unavailable}</p>
        )}
      </div>
    </DashboardCard>
  );
}
