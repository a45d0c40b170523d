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
