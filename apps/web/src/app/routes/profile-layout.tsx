import { X } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { AppFrame } from '../app-frame.tsx';

/**
 * product.md §2.10: the profile's tabs (Perfil, Suscripción) with a close button back to the root, inside
 * the app's frame. The close button sits at the top right, where a reader looks for it.
 */
export function Component() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100'}`;
  return (
    <AppFrame>
      <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <nav aria-label={copy.screens.profile} className="flex gap-2">
          <NavLink to={paths.profile} end className={tab}>
            {copy.screens.profile}
          </NavLink>
          <NavLink to={paths.subscription} className={tab}>
            {copy.screens.subscription}
          </NavLink>
        </nav>
        <Link
          to={paths.home}
          aria-label={copy.common.backHome}
          title={copy.common.backHome}
          className="ml-auto rounded-lg p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <X className="size-5" aria-hidden="true" />
        </Link>
      </div>
      <Outlet />
    </AppFrame>
  );
}
