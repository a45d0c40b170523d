import { ANALYTICS_VISIT_COOKIE, type AnalyticsBatch } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { analyticsEvents, users } from '../db/schema/index.ts';
import { signUp, type TestApp } from './app.ts';

/** The analytics tests' requests and readings of the store. */

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
export const PASSWORD = 'contraseña-segura';

/** A browser session id, as the SPA makes them. */
export const newSessionId = () => `s${crypto.randomUUID().replaceAll('-', '')}`;

let people = 0;
export async function newPerson(t: TestApp, prefix = 'persona') {
  people += 1;
  const email = `${prefix}${people}@example.com`;
  const name = `Persona ${people}`;
  const { cookie } = await signUp(t, { name, email, password: PASSWORD });
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie, email, name, id: row?.id ?? 0 };
}

/** The `rumbo.visit` cookie the SPA writes at boot (lib/analytics/visit.ts), as a Cookie header pair. */
export function visitCookie(visit: Record<string, string>): string {
  return `${ANALYTICS_VISIT_COOKIE}=${new URLSearchParams(visit).toString()}`;
}

export function postBatch(t: TestApp, body: AnalyticsBatch, headers: Record<string, string> = {}) {
  return t.request('/api/analytics/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function pageView(path: string, name: string): AnalyticsBatch['events'][number] {
  return { name: 'Página vista', path, properties: { route: path, name, page: path }, time: Date.now() };
}

export async function eventsOfSession(t: TestApp, session: string) {
  await t.app.analytics.flush();
  return t.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, session))
    .orderBy(analyticsEvents.id);
}

export async function eventsOfUser(t: TestApp, userId: number) {
  await t.app.analytics.flush();
  return t.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(analyticsEvents.id);
}
