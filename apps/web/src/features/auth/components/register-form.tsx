import { useState } from 'react';
import { Button, LinkButton } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { copy } from '../../../config/copy.es.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { authClient } from '../api/auth-client.ts';
import { type FieldErrors, useAuthForm } from '../hooks/use-auth-form.ts';
import { useGoogleSignIn } from '../hooks/use-google-sign-in.ts';
import { usePasswordEntry } from '../hooks/use-password-entry.ts';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { OrDivider, ViewHeading } from './auth-layout.tsx';
import { EmailField } from './email-field.tsx';
import { GoogleButton } from './google-button.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

type RegisterValues = {
  fullName: string;
  email: string;
  password: string;
  terms: boolean;
};

// product.md §5: name and e-mail non-empty, password of 8 or more, terms accepted ('Obligatorio'). An
// empty name says why it is marked: a red border alone leaves the user guessing.
function validateRegister({ fullName, email, password, terms }: RegisterValues): FieldErrors<RegisterValues> {
  return {
    fullName: fullName.trim() ? undefined : copy.auth.fullNameRequired,
    email: email.trim() ? undefined : '',
    password: password.length >= PASSWORD_MIN_LENGTH ? undefined : copy.auth.passwordTooShort,
    terms: terms ? undefined : copy.auth.terms.required,
  };
}

export interface RegisterFormProps {
  defaultEmail?: string;
  focusHeading?: boolean;
  onLogin: () => void;
}

/** product.md §2.4 'Registration'. */
export function RegisterForm({ defaultEmail = '', focusHeading, onLogin }: RegisterFormProps) {
  const { errors, check, form, text, checkbox } = useAuthForm<RegisterValues>(
    { fullName: '', email: defaultEmail, password: '', terms: false },
    validateRegister,
  );
  const [error, setError] = useState('');
  // Google's messages sit under its button, where the user's attention is when they appear.
  const [googleError, setGoogleError] = useState('');
  const { busy, run } = useSingleFlight<'submit' | 'google'>();
  const enter = usePasswordEntry('register');
  const signInWithGoogle = useGoogleSignIn('register');

  const onSubmit = (values: RegisterValues) =>
    run('submit', async () => {
      setError('');
      setGoogleError('');
      setError(
        await enter(() =>
          authClient.signUp.email({
            name: values.fullName.trim(),
            email: values.email.trim(),
            password: values.password,
          }),
        ),
      );
    });

  const onGoogle = () =>
    run('google', async () => {
      setError('');
      setGoogleError('');
      // product.md §5: registering with Google also needs the terms accepted.
      if (!check(['terms'])) return;
      setGoogleError(await signInWithGoogle());
    });

  return (
    <>
      <ViewHeading
        title={copy.auth.views.register.title}
        subtitle={copy.auth.views.register.subtitle}
        focusOnMount={focusHeading}
      />
      <form {...form(onSubmit)} className="space-y-4">
        <TextField
          label={copy.auth.fullName}
          autoComplete="name"
          placeholder={copy.auth.fullNamePlaceholder}
          invalid={errors.fullName !== undefined}
          error={errors.fullName}
          {...text('fullName')}
        />
        <EmailField invalid={errors.email !== undefined} {...text('email')} />
        <TextField
          label={copy.auth.password}
          type="password"
          autoComplete="new-password"
          placeholder={copy.auth.passwordPlaceholder}
          invalid={errors.password !== undefined}
          error={errors.password}
          {...text('password')}
        />
        <TermsCheckbox error={errors.terms} {...checkbox('terms')} />
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
