import { X } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';

/** product.md §2.10: profile sidebar (Perfil, Suscripción) with a close button back to the root. */
export function Component() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100'}`;
  return (
    <div className="flex min-h-full flex-col sm:flex-row">
      <nav
        aria-label={copy.screens.profile}
        className="flex gap-2 border-b border-slate-200 bg-white p-3 sm:w-56 sm:flex-col sm:border-r sm:border-b-0"
      >
        <NavLink to={paths.profile} end className={tab}>
          {copy.screens.profile}
        </NavLink>
        <NavLink to={paths.subscription} className={tab}>
          {copy.screens.subscription}
        </NavLink>
        <Link
          to={paths.home}
          aria-label={copy.common.backHome}
          className="ml-auto rounded-lg p-2 text-slate-500 hover:bg-slate-100 sm:mt-auto sm:ml-0"
        >
          <X className="size-5" aria-hidden="true" />
        </Link>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
