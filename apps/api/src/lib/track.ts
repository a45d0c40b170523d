/**
 * An event the server itself records (a business created, a research run that ended...). Modules
 * receive a `TrackEvent` from whoever composes them, so that none of them imports the analytics module.
 */
export interface ServerEvent {
  name: string;
  /** The user it concerns; stored only while they have not opted out. */
  userId?: number | null;
  properties?: Record<string, string | number | boolean | null>;
}

/** Records an event in the background: it never throws and never delays the caller. */
export type TrackEvent = (event: ServerEvent) => void;

/**
 * An account created ('sign_up', by e-mail or Google) or a sign-in completed ('login'), as the auth
 * library reports it, with the request's headers: analytics reads the browser's visit cookie and
 * User-Agent from them (ADR 0030).
 */
export interface AccountEvent {
  kind: 'sign_up' | 'login';
  userId: number;
  headers: Headers | undefined;
}

/** Records a sign-up or sign-in in the background: it never throws and never delays the caller. */
export type TrackAccountEvent = (event: AccountEvent) => void;
