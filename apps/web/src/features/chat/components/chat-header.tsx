import type { Business } from '@rumbo/contract';
import { ChartLine, FileChartColumn, ListChecks, PanelLeftOpen, SquarePen, X } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { BusinessLogo } from '../../../components/business-logo.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { paths } from '../../../config/paths.ts';
import { IconButton, iconButtonClass } from './icon-button.tsx';

const t = chatCopy;

/**
 * What the header gives the credits counter. The counter is the credits feature's: the route that
 * composes the screen passes it in (features do not import each other); the header sets its look.
 */
export interface CreditsCounterSlotProps {
  planId: number;
  /** As the API sends it: null means unlimited. */
  credits: number | null;
  className: string;
  numberClassName: string;
}

/**
 * product.md §2.6 'Header': the sidebar toggle (only while it is closed), new chat, the business with a
 * close button back to /chats ('Salir del chat', an X: the sidebar's own close is 'Cerrar el historial'
 * with a panel icon), and the credits.
 */
export function ChatHeader({
  business,
  sidebarOpen,
  planId,
  credits,
  creditsCounter: CreditsCounter,
  notificationBell,
  onOpenSidebar,
  onNewChat,
}: {
  business: Business;
  sidebarOpen: boolean;
  planId: number;
  credits: number | null;
  creditsCounter: ComponentType<CreditsCounterSlotProps>;
  /** The notifications' bell (ADR 0056), passed in by the route. */
  notificationBell?: ReactNode;
  onOpenSidebar: () => void;
  onNewChat: () => void;
}) {
  return (
    // At phone width the business gets a row of its own under the buttons: beside six of them it had
    // the room of three letters.
    <header className="flex min-h-14 flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-1 sm:flex-nowrap sm:gap-2 sm:px-3 sm:py-0">
      {sidebarOpen ? null : (
        <IconButton onClick={onOpenSidebar} label={t.sidebar.open}>
          <PanelLeftOpen className="size-5" aria-hidden="true" />
        </IconButton>
      )}
      <IconButton onClick={onNewChat} label={t.header.newChat}>
        <SquarePen className="size-5" aria-hidden="true" />
      </IconButton>
      <div className="order-last flex w-full min-w-0 items-center gap-2 pl-2 sm:order-none sm:w-auto sm:flex-1 sm:pl-0">
        {/* At phone width the name needs the room more than the logo does. */}
        <div className="hidden shrink-0 sm:block">
          <BusinessLogo business={business} className="size-8" />
        </div>
        {/*
          Two lines before it is cut with an ellipsis (a long name at 375 px), breaking only between words:
          'Panaderí / a' reads as two words. The whole name on hover, and always for a screen reader.
        */}
        <h1
          title={business.name}
          className="line-clamp-2 min-w-0 flex-1 text-sm leading-tight font-semibold wrap-normal break-normal hyphens-none text-slate-900 sm:text-base"
        >
          {business.name}
        </h1>
        <Link
          to={paths.chats}
          aria-label={t.header.close}
          title={t.header.close}
          className={iconButtonClass('plain')}
        >
          <X className="size-5" aria-hidden="true" />
        </Link>
      </div>
      <Link
        to={paths.report(business.id)}
        aria-label={t.header.report}
        title={t.header.report}
        className={iconButtonClass('plain')}
      >
        <FileChartColumn className="size-5" aria-hidden="true" />
      </Link>
      <Link
        to={paths.finance(business.id)}
        aria-label={t.header.finance}
        title={t.header.finance}
        className={iconButtonClass('plain')}
      >
        <ChartLine className="size-5" aria-hidden="true" />
      </Link>
      <Link
        to={paths.roadmap(business.id)}
        aria-label={t.header.roadmap}
        title={t.header.roadmap}
        className={iconButtonClass('plain')}
      >
        <ListChecks className="size-5" aria-hidden="true" />
      </Link>
      {notificationBell}
      {/* At phone width the credits go to the row's end (a margin, not a spacer: one gap less to fit the bell). */}
      <CreditsCounter
        planId={planId}
        credits={credits}
        className="ml-auto shrink-0 rounded-full bg-brand-50 px-3 py-1 text-xs text-brand-800 sm:ml-0 sm:text-sm"
        numberClassName="font-semibold tabular-nums"
      />
    </header>
  );
}
