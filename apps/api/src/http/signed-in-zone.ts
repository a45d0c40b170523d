import type { Auth } from '../modules/auth/auth.ts';
import type { Router } from './create-router.ts';
import { requireUser } from './session.ts';

/**
 * Every API path that needs a session, in one list: the modules' routers install no guard of their own,
 * so what is public and what is not can be read here. Paths under /api; a pattern ending in `/*` also
 * covers the path itself and everything below it. Not listed, so open to anyone: /health, /config, the
 * OpenAPI documents, Better Auth's /auth/* (sign-up, sign-in, sessions, password reset), /token,
 * /password-reset/check and /confirm, /analytics/events (anonymous events are welcome), /webhooks/stripe (signed
 * by Stripe), the local provider's /billing/local pages (the session id in the link is the key), a
 * financial plan's shared link /shared/plans/* (its signed token is the key, ADR 0042). The
 * console's /admin/* has its stricter guard, for operators only, in modules/admin.
 */
export const SIGNED_IN_PATHS = [
  // The product user and their profile, onboarding answers, analytics preference, data export and
  // account deletion. /users/signup too: it returns the user the sign-up already created.
  '/users/*',
  '/auth/profile',
  // Businesses with their logos, chats, attachments and market research.
  '/businesses',
  '/businesses/*',
  // The home's 'Continuar la última conversación'.
  '/chats/latest',
  '/researches',
  '/researches/*',
  '/feedback',
  // The notification centre and its preferences (ADR 0056).
  '/notifications',
  '/notifications/*',
  '/subscriptions',
  '/subscriptions/*',
  // The console's door: asking for the verification link and spending it (ADR 0022).
  '/operator/*',
] as const;

/**
 * Admits only a signed-in user on the zone's paths and puts their id in `userId`. Mounted on the API
 * router before any module's routes, so the guard runs before every handler of the zone (an unknown
 * path inside the zone answers 401 to a stranger, not 404).
 */
export function signedInZone(api: Router, auth: Auth): void {
  const guard = requireUser(auth);
  for (const path of SIGNED_IN_PATHS) api.use(path, guard);
}
