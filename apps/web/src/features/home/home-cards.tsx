import { ExternalLink, MessageSquareHeart, PlayCircle, Rocket } from 'lucide-react';
import { DashboardCard, linkButtonClasses } from '../../components/dashboard-card.tsx';
import { copy } from '../../config/copy.es.ts';
import { FeedbackForm } from './components/feedback-form.tsx';

const texts = copy.billing.home;

/**
 * product.md §2.9: the tutorial video, when TUTORIAL_VIDEO_URL configures one (without it the home leaves the
 * card out rather than show a placeholder). The CSP forbids third-party frames: it opens in a new tab.
 */
export function TutorialCard({
  productName,
  videoUrl,
  className = '',
}: {
  productName: string;
  videoUrl: string;
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
        </div>
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{texts.tutorial.body}</p>
          <a href={videoUrl} target="_blank" rel="noopener noreferrer" className={linkButtonClasses.primary}>
            {texts.tutorial.watch}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">{` ${texts.feedback.newTab}`}</span>
          </a>
        </div>
      </div>
    </DashboardCard>
  );
}

/** product.md §2.9: the 'Proximamente...' card. */
export function ComingSoonCard({ className = '' }: { className?: string }) {
  return (
    <DashboardCard title={texts.comingSoon.title} icon={Rocket} className={className}>
      <p className="text-sm text-slate-600">{texts.comingSoon.body}</p>
    </DashboardCard>
  );
}

/**
 * product.md §2.9: feedback goes to an external contact page, in a new tab. Without one configured
 * (FEEDBACK_URL), the card holds the in-app form, whose comments the operator reads in the console.
 */
export function FeedbackCard({
  url,
  page,
  className = '',
}: {
  url: string | undefined;
  /** The screen the card is on, stored with a comment. */
  page: string;
  className?: string;
}) {
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
          <FeedbackForm page={page} />
        )}
      </div>
    </DashboardCard>
  );
}
