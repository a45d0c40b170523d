import { SECOND_FACTOR_STEP } from '@rumbo/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { copy } from '../../../config/copy.es.ts';
import { GOOGLE_ERROR_MARK, OAUTH_ERROR_PARAMS } from '../api/google.ts';
import { authErrorMessage, oauthCallbackErrorCode } from '../errors.ts';
import { ACCOUNT_DELETED_MARK } from '../session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type LoginView = 'login' | 'register' | 'forgot';

/**
 * product.md §2.4: one screen that toggles between login, registration and forgotten password. The root
 * shows it in place of any screen while signed out, so it never changes the address itself.
 */
export function LoginScreen({
  initialView = 'login',
  onViewChange,
}: {
  initialView?: LoginView;
  /** Told of every view switch (the root reports each view as a page, product.md §2.12). */
  onViewChange?: (view: LoginView) => void;
}) {
  const [view, setView] = useState<LoginView>(initialView);
  // Focus follows a view switch the user made, not the first render (that would steal the page's focus).
  const [switched, setSwitched] = useState(false);
  const [email, setEmail] = useState('');
  const googleError = useGoogleReturnError();
  const accountDeleted = useAccountDeletedNotice();
  const secondFactorStep = useSecondFactorStep();

  const show = (next: LoginView, typedEmail?: string) => {
    if (typedEmail !== undefined) setEmail(typedEmail.trim());
    setView(next);
    setSwitched(true);
    onViewChange?.(next);
  };

  return (
    <AuthLayout>
      {view === 'login' ? (
        <LoginForm
          defaultEmail={email}
          returnedGoogleError={switched ? '' : googleError}
          info={switched ? '' : accountDeleted}
          startWithSecondFactor={!switched && secondFactorStep}
          focusHeading={switched}
          onForgot={(typed) => show('forgot', typed)}
          onRegister={(typed) => show('register', typed)}
        />
      ) : null}
      {view === 'register' ? (
        <RegisterForm defaultEmail={email} focusHeading={switched} onLogin={() => show('login')} />
      ) : null}
      {view === 'forgot' ? (
        <ForgotPasswordForm defaultEmail={email} focusHeading={switched} onLogin={() => show('login')} />
      ) : null}
    </AuthLayout>
  );
}

/**
 * After deleting the account the browser comes here with `?cuenta=eliminada` (the login may already be
 * showing in place when the address changes): the confirmation is kept, and the parameter dropped.
 */
function useAccountDeletedNotice(): string {
  const [params, setParams] = useSearchParams();
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (params.get(ACCOUNT_DELETED_MARK.param) !== ACCOUNT_DELETED_MARK.value) return;
    setMessage(copy.auth.accountDeleted);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ACCOUNT_DELETED_MARK.param);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return message;
}

/**
 * A Google sign-in of an account with two-factor sign-in comes back as `?paso=segundo-factor`, its
 * challenge in a cookie (ADR 0023): the login opens on the code step, and the parameter is dropped.
 */
function useSecondFactorStep(): boolean {
  const [params, setParams] = useSearchParams();
  const [step] = useState(() => params.get(SECOND_FACTOR_STEP.param) === SECOND_FACTOR_STEP.value);
  useEffect(() => {
    if (!params.has(SECOND_FACTOR_STEP.param)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SECOND_FACTOR_STEP.param);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return step;
}

/**
 * A failed Google sign-in comes back as `?authError=google&error=…`. The text is read once and the
 * parameters are dropped from the address, so a reload or a shared link does not show it again.
 */
function useGoogleReturnError(): string {
  const [params, setParams] = useSearchParams();
  const [message] = useState(() =>
    params.get(GOOGLE_ERROR_MARK.param) === GOOGLE_ERROR_MARK.value
      ? authErrorMessage('login', oauthCallbackErrorCode(params.get('error') ?? ''))
      : '',
  );
  useEffect(() => {
    if (!params.has(GOOGLE_ERROR_MARK.param)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of [GOOGLE_ERROR_MARK.param, ...OAUTH_ERROR_PARAMS]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return message;
}
