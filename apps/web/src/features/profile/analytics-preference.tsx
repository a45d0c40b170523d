import { Link } from 'react-router';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { SavedCheckbox } from './saved-checkbox.tsx';

const texts = copy.billing.profile;

/** The privacy page's opt-out (ADR 0017): whether the user's analytics events are tied to them. */
export function AnalyticsPreference({
  personal,
  onSaved,
}: {
  personal: boolean;
  onSaved: (personal: boolean) => void;
}) {
  const save = async (next: boolean) => {
    const saved = await apiFetch<{ personal: boolean }>('/api/users/me/analytics', {
      method: 'PUT',
      body: { personal: next },
    });
    onSaved(saved.personal);
    return saved.personal;
  };
  return (
    <SavedCheckbox
      checked={personal}
      label={texts.analyticsPersonal}
      hint={
        <>
          {texts.analyticsPersonalHint}{' '}
          <Link to={paths.privacy} className="font-medium text-indigo-700 underline">
            {texts.privacyPolicy}
          </Link>
        </>
      }
      save={save}
      savedText={texts.analyticsSaved}
      failedText={texts.preferenceFailed}
    />
  );
}
