import { hasNotifications } from '@rumbo/contract';
import { ChartNoAxesCombined, Home, MessagesSquare, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { DemoBanner } from '../components/demo-banner.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link.tsx';
import { copy } from '../config/copy.es.ts';
import { paths } from '../config/paths.ts';
import { useMe } from '../features/auth/hooks/use-me.ts';
import { useSession } from '../features/auth/hooks/use-session.ts';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { useNotificationSession } from '../features/notifications/use-notification-session.ts';

const links = [
  { to: paths.home, label: copy.nav.home, icon: Home, end: true },
  { to: paths.chats, label: copy.nav.chats, icon: MessagesSquare, end: false },
  { to: paths.profile, label: copy.nav.settings, icon: Settings, end: false },
];

/** The console's entry, for operators only (ADR 0017). */
const consoleLink = { to: paths.admin, label: copy.nav.console, icon: ChartNoAxesCombined, end: false };

/**
 * product.md §2.9: the left navigation (home, chats, settings; the console for operators) and, in demo
 * mode, the banner, around a signed-in screen. Every signed-in screen but the chat (its own layout, with
 * the banner) and the steps before a plan (nowhere to go yet) is drawn inside it, so none loses the app.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const me = useMe().data;
  const isOperator = me?.role === 'admin';
  const notifying = me ? hasNotifications(me.plan_id) : false;
  useNotificationSession(me ? notifying : undefined, me?.id);
  return (
    <div className="flex min-h-full flex-col sm:flex-row">
      <SkipLink />
      <nav
        aria-label="Principal"
        className="flex shrink-0 justify-around border-b border-slate-200 bg-white p-2 sm:w-20 sm:flex-col sm:justify-start sm:gap-2 sm:border-r sm:border-b-0 sm:py-6"
      >
        {(isOperator ? [...links, consoleLink] : links).map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            title={label}
            className={({ isActive }) =>
              `flex flex-col items-center gap-1 rounded-lg p-2 text-xs font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100'}`
            }
          >
            <Icon className="size-5" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
        {me ? <NotificationBell hasNotifications={notifying} className="self-center sm:mt-2" /> : null}
      </nav>
      <div id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        <DemoBanner />
        {children}
      </div>
    </div>
  );
}

/**
 * An open screen (the legal pages) read by a signed-in user: inside the app's frame, so the way back is
 * the navigation; a visitor gets the page alone.
 */
export function FrameWhenSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  return session.data ? <AppFrame>{children}</AppFrame> : children;
}
