import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, LinkButton } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { copy } from '../../../config/copy.es.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { authClient } from '../api/auth-client.ts';
import { useGoogleSignIn } from '../hooks/use-google-sign-in.ts';
import { usePasswordEntry } from '../hooks/use-password-entry.ts';
import { OrDivider, ViewHeading } from './auth-layout.tsx';
import { GoogleButton } from './google-button.tsx';

// Spec §5: both fields only need to be non-empty, and an empty one is marked invalid without a message.
const loginSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  rememberMe: z.boolean(),
});
type LoginValues = z.infer<typeof loginSchema>;

export interface LoginFormProps {
  defaultEmail?: string;
  /** Why the Google sign-in the page came back from failed; shown first thing, above the form. */
  returnedGoogleError?: string;
  focusHeading?: boolean;
  onForgot: (email: string) => void;
  onRegister: (email: string) => void;
}

/** Spec §2.4 'Login'. */
export function LoginForm({
  defaultEmail = '',
  returnedGoogleError = '',
  focusHeading,
  onForgot,
  onRegister,
}: LoginFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '', rememberMe: false },
  });
  const [error, setError] = useState('');
  // Google's messages sit under its button, where the user's attention is when they appear.
  const [googleError, setGoogleError] = useState('');
  const [notice, setNotice] = useState(returnedGoogleError);
  const { busy, run } = useSingleFlight<'submit' | 'google'>();
  const enter = usePasswordEntry('login');
  const signInWithGoogle = useGoogleSignIn('login');

  const onSubmit = handleSubmit((values) =>
    run('submit', async () => {
      setError('');
      setGoogleError('');
      setNotice('');
      setError(
        await enter(() =>
          authClient.signIn.email({
            email: values.email,
            password: values.password,
            rememberMe: values.rememberMe,
          }),
        ),
      );
    }),
  );

  const onGoogle = () =>
    run('google', async () => {
      setError('');
      setGoogleError('');
      setNotice('');
      setGoogleError(await signInWithGoogle());
    });

  return (
    <>
      <ViewHeading
        title={copy.auth.views.login.title}
        subtitle={copy.auth.views.login.subtitle}
        focusOnMount={focusHeading}
      />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {notice ? <FormAlert message={notice} /> : null}
        <TextField
          label={copy.auth.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={copy.auth.emailPlaceholder}
          invalid={Boolean(errors.email)}
          {...register('email')}
        />
        <TextField
          label={copy.auth.password}
          type="password"
          autoComplete="current-password"
          invalid={Boolean(errors.password)}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4 accent-brand-600" {...register('rememberMe')} />
            {copy.auth.rememberMe}
          </label>
          <LinkButton className="text-sm" onClick={() => onForgot(getValues('email'))}>
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
        <LinkButton onClick={() => onRegister(getValues('email'))}>{copy.auth.register}</LinkButton>
      </p>
    </>
  );
}
