import { Link } from 'react-router';
import { LegalPage } from '../../components/legal-page.tsx';
import { legalCopy } from '../../config/copy/legal.es.ts';
import { paths } from '../../config/paths.ts';
import { publicConfig } from '../../config/public-config.ts';
import { FEEDBACK_FORM_ID } from '../../features/home/feedback-anchor.ts';
import { FrameWhenSignedIn } from '../app-frame.tsx';

const t = legalCopy.contact;
const linkClasses =
  'font-medium break-all text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The contact that exists on this installation (ADR 0047): the FEEDBACK_URL it configures (a page or an
 * address), else the home's feedback form, whose comments the operator reads. Never an invented address.
 */
function Contact() {
  const url = publicConfig.feedbackUrl;
  const email = url?.startsWith('mailto:')
    ? decodeURIComponent(url.slice('mailto:'.length).split('?')[0] ?? '')
    : null;
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">{t.heading}</h2>
      <p className="mt-3 leading-relaxed text-slate-700">
        {url ? (
          <>
            {email ? t.email : t.address}{' '}
            <a href={url} className={linkClasses}>
              {email ?? url}
            </a>
          </>
        ) : (
          <>
            {t.form}{' '}
            <Link to={`${paths.home}#${FEEDBACK_FORM_ID}`} className={linkClasses}>
              {t.formLink}
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

export function Component() {
  return (
    <FrameWhenSignedIn>
      <LegalPage productName={publicConfig.productName} text={legalCopy.privacy(publicConfig.productName)}>
        <Contact />
      </LegalPage>
    </FrameWhenSignedIn>
  );
}
