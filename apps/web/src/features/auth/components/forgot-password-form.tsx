import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button, LinkButton } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { authClient, settle } from '../api/auth-client.ts';
import { authErrorMessage, toAuthErrorCode } from '../errors.ts';
import { type FieldErrors, useAuthForm } from '../hooks/use-auth-form.ts';
import { ViewHeading } from './auth-layout.tsx';
import { EmailField } from './email-field.tsx';

type ForgotValues = {
  email: string;
};

function validateForgot({ email }: ForgotValues): FieldErrors<ForgotValues> {
  return { email: email.trim() ? undefined : '' };
}

export interface ForgotPasswordFormProps {
  defaultEmail?: string;
  focusHeading?: boolean;
  onLogin: () => void;
}

/** product.md §2.4 'Forgotten password', then the 'Revisa tu bandeja de entrada' confirmation. */
export function ForgotPasswordForm({ defaultEmail = '', focusHeading, onLogin }: ForgotPasswordFormProps) {
  const { errors, form, text } = useAuthForm<ForgotValues>({ email: defaultEmail }, validateForgot);
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, run } = useSingleFlight();

  const onSubmit = (values: ForgotValues) =>
    run('submit', async () => {
      const email = values.email.trim();
      setError('');
      const result = await settle(() =>
        authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword }),
      );
      const code = result.error ? toAuthErrorCode(result.error) : null;
      // ADR 0004: an unknown address ends on the same confirmation, so the form never reveals
      // which addresses have an account (the spec's 'No se ha encontrado usuario…' is not used).
      if (code === null || code === 'user-not-found' || code === 'invalid-credential') {
        setSentTo(email);
        return;
      }
      setError(authErrorMessage('forgot', code));
    });

  if (sentTo !== null) {
    return (
      <div className="text-center">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <ViewHeading title={copy.auth.checkInbox.title} focusOnMount />
        <p className="text-slate-700">{copy.auth.checkInbox.sent(sentTo)}</p>
        <p className="mt-3 text-sm text-slate-600">{copy.auth.checkInbox.spam}</p>
        <p className="mt-8 text-sm">
          <LinkButton onClick={onLogin}>{copy.auth.backToLogin}</LinkButton>
        </p>
      </div>
    );
  }

  return (
    <>
      <ViewHeading
        title={copy.auth.views.forgot.title}
        subtitle={copy.auth.views.forgot.subtitle}
        focusOnMount={focusHeading}
      />
      <form {...form(onSubmit)} className="space-y-4">
        <EmailField invalid={errors.email !== undefined} {...text('email')} />
        {error ? <FormAlert message={error} /> : null}
        <Button type="submit" className="w-full" loading={busy !== null}>
          {copy.auth.recover}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <LinkButton onClick={onLogin}>{copy.auth.backToLogin}</LinkButton>
      </p>
    </>
  );
}
