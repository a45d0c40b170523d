import { lazy, Suspense, useState } from 'react';
import { Button, LinkButton } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { copy } from '../../../config/copy.es.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { authClient } from '../api/auth-client.ts';
import { type FieldErrors, useAuthForm } from '../hooks/use-auth-form.ts';
import { useGoogleSignIn } from '../hooks/use-google-sign-in.ts';
import { usePasswordEntry } from '../hooks/use-password-entry.ts';
import { OrDivider, ViewHeading } from './auth-layout.tsx';
import { EmailField } from './email-field.tsx';
import { GoogleButton } from './google-button.tsx';

// Loaded only when an account asks for its second factor: most sign-ins never need it (ADR 0012).
const TwoFactorForm = lazy(() => import('./two-factor-form.tsx'));

type LoginValues = {
  email: string;
  password: string;
  rememberMe: boolean;
};

// product.md §5: both fields only need to be non-empty, and an empty one is marked invalid without a message.
function validateLogin({ email, password }: LoginValues): FieldErrors<LoginValues> {
  return { email: email.trim() ? undefined : '', password: password ? undefined : '' };
}

export interface LoginFormProps {
  defaultEmail?: string;
  /** Why the Google sign-in the page came back from failed; shown first thing, above the form. */
  returnedGoogleError?: string;
  /** A confirmation to show above the form (the account was deleted). */
  info?: string;
  focusHeading?: boolean;
  /** Opens on the code step: a Google sign-in of an account with two-factor sign-in came back (ADR 0023). */
  startWithSecondFactor?: boolean;
  onForgot: (email: string) => void;
  onRegister: (email: string) => void;
}

/** product.md §2.4 'Login'. */
export function LoginForm({
  defaultEmail = '',
  returnedGoogleError = '',
  info = '',
  focusHeading,
  startWithSecondFactor = false,
  onForgot,
  onRegister,
}: LoginFormProps) {
  const { values, errors, form, text, checkbox } = useAuthForm<LoginValues>(
    { email: defaultEmail, password: '', rememberMe: false },
    validateLogin,
  );
  const [error, setError] = useState('');
  // Google's messages sit under its button, where the user's attention is when they appear.
  const [googleError, setGoogleError] = useState('');
  const [notice, setNotice] = useState(returnedGoogleError);
  const { busy, run } = useSingleFlight<'submit' | 'google'>();
  // product.md §4 'second-factor-required': the password was right, the code comes next.
  const [secondFactor, setSecondFactor] = useState(startWithSecondFactor);
  const enter = usePasswordEntry('login', () => setSecondFactor(true));
  const signInWithGoogle = useGoogleSignIn('login');

  const onSubmit = (values: LoginValues) =>
    run('submit', async () => {
      setError('');
      setGoogleError('');
      setNotice('');
      setError(
        await enter(() =>
          authClient.signIn.email({
            email: values.email.trim(),
            password: values.password,
            rememberMe: values.rememberMe,
          }),
        ),
      );
    });

  const onGoogle = () =>
    run('google', async () => {
      setError('');
      setGoogleError('');
      setNotice('');
      setGoogleError(await signInWithGoogle());
    });

  if (secondFactor) {
    return (
      <Suspense fallback={<p role="status">{copy.common.loading}</p>}>
        <TwoFactorForm onBack={() => setSecondFactor(false)} />
      </Suspense>
    );
  }

  return (
    <>
      <ViewHeading
        title={copy.auth.views.login.title}
        subtitle={copy.auth.views.login.subtitle}
        focusOnMount={focusHeading}
      />
      <form {...form(onSubmit)} className="space-y-4">
        {info && !notice && !error ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200"
          >
            {info}
          </p>
        ) : null}
        {notice ? <FormAlert message={notice} /> : null}
        <EmailField invalid={errors.email !== undefined} {...text('email')} />
        <TextField
          label={copy.auth.password}
          type="password"
          autoComplete="current-password"
          invalid={errors.password !== undefined}
          {...text('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4 accent-brand-600" {...checkbox('rememberMe')} />
            {copy.auth.rememberMe}
          </label>
          <LinkButton className="text-sm" onClick={() => onForgot(values.email)}>
            {copy.auth.forgotPassword}
          </LinkButton>
        </div>
        {error ? <FormAlert message={error} /> : null}
        <Button type="submit" className="w-full" loading={busy === 'submit'} disabled={busy !== null}>
          {copy.auth.signIn}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton onClick={onGoogle} loading={busy === 'google'} disabled={busy !== null} />
      {googleError ? (
        <div className="mt-3">
          <FormAlert message={googleError} />
        </div>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-600">
        {copy.auth.noAccount}{' '}
        <LinkButton onClick={() => onRegister(values.email)}>{copy.auth.register}</LinkButton>
      </p>
    </>
  );
}
