import { Link } from 'react-router';
import { linkButtonClasses } from '../../components/dashboard-card.tsx';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { adminCopy } from '../../config/copy/admin.es.ts';
import { paths } from '../../config/paths.ts';
import { AdminConsole } from '../../features/admin/components/admin-console.tsx';
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

/** /admin: the operator's console, for users whose role is 'admin' (the API checks it again). */
export function Component() {
  const me = useMe();
  if (me.isPending) return <FullScreenSpinner />;
  if (me.data?.role !== ADMIN_ROLE) return <NotFound />;
  return <AdminConsole />;
}
