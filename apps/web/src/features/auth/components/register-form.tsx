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
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { OrDivider, ViewHeading } from './auth-layout.tsx';
import { GoogleButton } from './google-button.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

// Spec §5: name and e-mail non-empty, password of 8 or more, terms accepted ('Obligatorio').
const registerSchema = z.object({
  fullName: z.string().trim().min(1),
  email: z.string().trim().min(1),
  password: z.string().min(PASSWORD_MIN_LENGTH, copy.auth.passwordTooShort),
  terms: z.boolean().refine((accepted) => accepted, copy.auth.terms.required),
});
type RegisterValues = z.infer<typeof registerSchema>;

export interface RegisterFormProps {
  defaultEmail?: string;
  focusHeading?: boolean;
  onLogin: () => void;
}

/** Spec §2.4 'Registration'. */
export function RegisterForm({ defaultEmail = '', focusHeading, onLogin }: RegisterFormProps) {
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: '', email: defaultEmail, password: '', terms: false },
  });
  const [error, setError] = useState('');
  // Google's messages sit under its button, where the user's attention is when they appear.
  const [googleError, setGoogleError] = useState('');
  const { busy, run } = useSingleFlight<'submit' | 'google'>();
  const enter = usePasswordEntry('register');
  const signInWithGoogle = useGoogleSignIn('register');

  const onSubmit = handleSubmit((values) =>
    run('submit', async () => {
      setError('');
      setGoogleError('');
      setError(
        await enter(() =>
          authClient.signUp.email({ name: values.fullName, email: values.email, password: values.password }),
        ),
      );
    }),
  );

  const onGoogle = () =>
    run('google', async () => {
      setError('');
      setGoogleError('');
      // Spec §5: registering with Google also needs the terms accepted.
      if (!(await trigger('terms', { shouldFocus: true }))) return;
      setGoogleError(await signInWithGoogle());
    });

  return (
    <>
      <ViewHeading
        title={copy.auth.views.register.title}
        subtitle={copy.auth.views.register.subtitle}
        focusOnMount={focusHeading}
      />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={copy.auth.fullName}
          autoComplete="name"
          placeholder={copy.auth.fullNamePlaceholder}
          invalid={Boolean(errors.fullName)}
          {...register('fullName')}
        />
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
          autoComplete="new-password"
          placeholder={copy.auth.passwordPlaceholder}
          invalid={Boolean(errors.password)}
          error={errors.password?.message}
          {...register('password')}
        />
        <TermsCheckbox error={errors.terms?.message} {...register('terms')} />
        {error ? <FormAlert message={error} /> : null}
        <Button type="submit" className="w-full" loading={busy === 'submit'} disabled={busy !== null}>
          {copy.auth.createAccount}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton onClick={onGoogle} loading={busy === 'google'} disabled={busy !== null} />
      {googleError ? (
        <div className="mt-3">
          <FormAlert message={googleError} />
        </div>
      ) : null}
      <p className="mt-6 text-center text-sm">
        <LinkButton onClick={onLogin}>{copy.auth.haveAccount}</LinkButton>
      </p>
    </>
  );
}
