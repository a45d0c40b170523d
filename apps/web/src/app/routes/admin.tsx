import { OPERATOR_VERIFICATION_PARAM } from '@rumbo/contract';
import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { linkButtonClasses } from '../../components/dashboard-card.tsx';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { adminCopy } from '../../config/copy/admin.es.ts';
import { paths } from '../../config/paths.ts';
import { AdminConsole } from '../../features/admin/components/admin-console.tsx';
import { OperatorVerification } from '../../features/admin/components/operator-verification.tsx';
import { useMe } from '../../features/auth/hooks/use-me.ts';

const ADMIN_ROLE = 'admin';

/** What anyone but an operator finds at /admin: the console does not exist for them. */
function NotFound() {
  const t = adminCopy.notFound;
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t.title}</h1>
      <p className="text-slate-600">{t.text}</p>
      <Link to={paths.home} className={`${linkButtonClasses.primary} mt-2`}>
        {t.home}
      </Link>
    </main>
  );
}

/**
 * /admin: the operator's console, for users whose role is 'admin' (the API checks it again). A listed
 * operator still to verify their address is offered the verification link instead; the link itself
 * comes back here with its token (ADR 0022).
 */
export function Component() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const token = params.get(OPERATOR_VERIFICATION_PARAM);
  const dropToken = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(OPERATOR_VERIFICATION_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const isOperator = me.data?.role === ADMIN_ROLE;
  // An operator who opens an old link has nothing left to verify: the token just leaves the address.
  useEffect(() => {
    if (isOperator && token !== null) dropToken();
  }, [isOperator, token, dropToken]);

  if (me.isPending) return <FullScreenSpinner />;
  if (isOperator) return <AdminConsole />;
  return (
    <OperatorVerification
      token={token}
      onVerified={me.refetch}
      onTokenUsed={dropToken}
      fallback={<NotFound />}
    />
  );
}
