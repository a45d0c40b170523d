import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import {
  confirmVerification,
  operatorVerificationQueryOptions,
  sendVerificationLink,
} from '../api/verification.ts';
import { errorMessage } from '../errors.ts';
import { Loading } from './section-states.tsx';

const t = adminCopy.verification;

export interface OperatorVerificationProps {
  /** The token of the mailed link, when /admin was opened from it. */
  token: string | null;
  /** The address is verified: the route reloads the role, which opens the console. */
  onVerified: () => Promise<unknown>;
  /** The token has been used (spent or refused): the route drops it from the address. */
  onTokenUsed: () => void;
  /** What a user with nothing to verify finds here (the not-found page). */
  fallback: ReactNode;
}

/**
 * /admin for a signed-in user who is not an operator (yet): an address ADMIN_EMAILS lists is asked to
 * prove it is theirs with a mailed link (ADR 0022); anyone else gets `fallback`. Opened from the link,
 * the page spends its token for the signed-in account first.
 */
export function OperatorVerification({
  token,
  onVerified,
  onTokenUsed,
  fallback,
}: OperatorVerificationProps) {
  const confirm = useMutation({ mutationFn: confirmVerification, onSettled: onTokenUsed });
  const send = useMutation({ mutationFn: sendVerificationLink });
  const status = useQuery({ ...operatorVerificationQueryOptions(), enabled: token === null });
  // The link is spent once, even when the effect runs twice (React's strict mode in development).
  const spent = useRef(false);
  useEffect(() => {
    if (token === null || spent.current) return;
    spent.current = true;
    confirm.mutate(token, { onSuccess: () => onVerified() });
  }, [token, confirm, onVerified]);

  if (token !== null || confirm.isPending || confirm.isSuccess) {
    return (
      <main className="mx-auto flex min-h-full max-w-xl items-center justify-center p-6">
        <Loading label={t.verifying} />
      </main>
    );
  }
  if (status.isPending) return <Loading label={adminCopy.loading} />;
  if (status.isError) {
    return (
      <main className="mx-auto flex min-h-full max-w-xl flex-col items-center justify-center gap-3 p-6 text-center">
        <FormAlert message={adminCopy.genericError} />
        <Button variant="secondary" onClick={() => status.refetch()}>
          {adminCopy.retry}
        </Button>
      </main>
    );
  }
  if (!status.data.required) return fallback;

  const sent = send.data?.status === 'sent';
  const ask = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => (answer.status === 'verified' ? onVerified() : undefined),
    });
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t.title}</h1>
      <p className="text-slate-600">{t.text}</p>
      {confirm.isError ? <FormAlert message={errorMessage(confirm.error, t.confirmFailed)} /> : null}
      {send.isError ? <FormAlert message={errorMessage(send.error, t.sendFailed)} /> : null}
      <p
        role="status"
        className={
          sent
            ? 'rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200'
            : 'sr-only'
        }
      >
        {sent ? t.sent : ''}
      </p>
      <Button loading={send.isPending} onClick={ask}>
        {sent || confirm.isError ? t.resend : t.send}
      </Button>
    </main>
  );
}
