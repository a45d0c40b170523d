import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { checkResetLink, confirmPasswordReset } from '../api/users.ts';
import { authErrorMessage, toAuthErrorCode } from '../errors.ts';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { clearSessionState } from '../session.ts';
import { AuthLayout, ViewHeading } from './auth-layout.tsx';
import { FORGOT_VIEW_STATE } from './login-view.ts';

/** product.md §4 and §9: the success view counts down from 5, one per second, then goes to the login. */
export const RESET_REDIRECT_SECONDS = 5;
/** The mode the reset e-mail's link carries (product.md §2.1). */
export const RESET_MODE = 'resetPassword';

// product.md §5: both fields 8 or more (under 8 only marks the field) and equal ('Las contraseñas no coinciden').
const resetSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH),
    confirm: z.string().min(PASSWORD_MIN_LENGTH),
  })
  .refine((values) => values.password === values.confirm, {
    message: copy.auth.reset.mismatch,
    path: ['confirm'],
  });
type ResetValues = z.infer<typeof resetSchema>;

const linkClass =
  'rounded font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** product.md §2.4 'Set-new-password', reached from the e-mail's `?mode=resetPassword&oobCode=…` link. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode');
  const linkIsValid = params.get('mode') === RESET_MODE && Boolean(oobCode);
  const [done, setDone] = useState(false);

  return (
    <AuthLayout>
      {done ? (
        <ResetDone />
      ) : linkIsValid && oobCode ? (
        <CheckedLink oobCode={oobCode} onDone={() => setDone(true)} />
      ) : (
        <ResetForm oobCode={null} onDone={() => setDone(true)} />
      )}
    </AuthLayout>
  );
}

/**
 * A used or expired link says so before the form, with the way to a new one: typing a new password
 * into a form that can only fail is the user's time lost. If the check itself fails, the form is shown
 * and its answer tells.
 */
function CheckedLink({ oobCode, onDone }: { oobCode: string; onDone: () => void }) {
  const link = useQuery({
    queryKey: accountQueryKeys.resetLink(oobCode),
    queryFn: () => checkResetLink(oobCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (link.isPending) {
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-600">
        {copy.auth.reset.checking}
      </p>
    );
  }
  const state = link.data?.state;
  if (state === 'expired' || state === 'invalid') {
    return (
      <>
        <ViewHeading title={copy.auth.reset.title} />
        <FormAlert
          message={authErrorMessage(
            'reset',
            state === 'expired' ? 'expired-action-code' : 'invalid-action-code',
          )}
        />
        <p className="mt-4 text-sm text-slate-700">{copy.auth.reset.askAgain}</p>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.home} state={FORGOT_VIEW_STATE} className={linkClass}>
            {copy.auth.reset.newLink}
          </Link>
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.home} className={linkClass}>
            {copy.auth.backToLogin}
          </Link>
        </p>
      </>
    );
  }
  return <ResetForm oobCode={oobCode} onDone={onDone} />;
}

function ResetForm({ oobCode, onDone }: { oobCode: string | null; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const [error, setError] = useState('');
  // An expired or used link can only be replaced: the screen offers to ask for a new one (ADR 0018).
  const [deadLink, setDeadLink] = useState(!oobCode);
  const { busy, run } = useSingleFlight();
  const queryClient = useQueryClient();

  const onSubmit = handleSubmit(({ password }) =>
    run('submit', async () => {
      if (!oobCode) return;
      setError('');
      try {
        await confirmPasswordReset({ oobCode, password });
      } catch (failure) {
        const code = toAuthErrorCode(failure instanceof ApiError ? failure : undefined);
        setError(authErrorMessage('reset', code));
        setDeadLink(code === 'expired-action-code' || code === 'invalid-action-code');
        return;
      }
      // A reset ends every session of the account (ADR 0004), this browser's included.
      clearSessionState(queryClient);
      onDone();
    }),
  );

  return (
    <>
      <ViewHeading title={copy.auth.reset.title} subtitle={oobCode ? copy.auth.reset.subtitle : undefined} />
      {oobCode ? null : (
        <div className="mb-4">
          <FormAlert message={copy.auth.reset.invalidLink} />
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={copy.auth.reset.newPassword}
          type="password"
          autoComplete="new-password"
          placeholder={copy.auth.passwordPlaceholder}
          disabled={!oobCode}
          invalid={Boolean(errors.password)}
          {...register('password')}
        />
        <TextField
          label={copy.auth.reset.confirmPassword}
          type="password"
          autoComplete="new-password"
          placeholder={copy.auth.reset.confirmPlaceholder}
          disabled={!oobCode}
          invalid={Boolean(errors.confirm)}
          error={errors.confirm?.type === 'custom' ? errors.confirm.message : undefined}
          {...register('confirm')}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            *{error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" loading={busy !== null} disabled={!oobCode}>
          {copy.auth.reset.submit}
        </Button>
      </form>
      {deadLink ? (
        <p className="mt-6 text-center text-sm">
          <Link to={paths.home} state={FORGOT_VIEW_STATE} className={linkClass}>
            {copy.auth.reset.newLink}
          </Link>
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.home} className={linkClass}>
          {copy.auth.backToLogin}
        </Link>
      </p>
    </>
  );
}

function ResetDone() {
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(RESET_REDIRECT_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setSeconds((left) => left - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds <= 0) void navigate(paths.home, { replace: true });
  }, [seconds, navigate]);

  return (
    <div className="text-center">
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CircleCheck className="size-6" aria-hidden="true" />
      </span>
      <ViewHeading title={copy.auth.reset.successTitle} focusOnMount />
      <p className="text-slate-700">{copy.auth.reset.successBody}</p>
      <p className="mt-3 text-sm text-slate-600">{copy.auth.reset.redirecting(Math.max(seconds, 1))}</p>
      <p className="mt-8 text-sm">
        <Link to={paths.home} replace className={linkClass}>
          {copy.auth.backToLogin}
        </Link>
      </p>
    </div>
  );
}
