import { copy } from '../../config/copy.es.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { SavedCheckbox } from './saved-checkbox.tsx';

const texts = copy.billing.profile;

/**
 * 'Correos de Rumbo' (ADR 0050): whether the market study's 'ready' and 'failed' e-mails are sent. The
 * password reset is always sent.
 */
export function MailPreference({ on, onSaved }: { on: boolean; onSaved: (on: boolean) => void }) {
  const save = async (next: boolean) => {
    const saved = await apiFetch<{ product_mail: boolean }>('/api/users/me/mail', {
      method: 'PUT',
      body: { product_mail: next },
    });
    onSaved(saved.product_mail);
    return saved.product_mail;
  };
  return (
    <SavedCheckbox
      checked={on}
      label={texts.mailLabel}
      hint={texts.mailHint}
      save={save}
      savedText={texts.mailSaved}
      failedText={texts.preferenceFailed}
    />
  );
}
