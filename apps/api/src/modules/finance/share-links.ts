import crypto from 'node:crypto';
import {
  ERROR_CODES,
  hasPlanAdvisor,
  type PlanShare,
  type ShareDays,
  type SharedPlan,
} from '@rumbo/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { businesses, planShares } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { planOfBusiness } from './read-plan.ts';

/**
 * Read-only links to a plan (ADR 0042). A link's token is `id.expiry.signature`: a random id, the expiry in
 * seconds and an HMAC-SHA256 of both with a key derived from the app's secret. A token whose signature or
 * expiry fails is refused before the database is asked; then the row must exist, match the expiry and not
 * be revoked. Anything wrong answers the same 404, so a link says nothing about why.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const gone = () => notFound('Este enlace no existe o ha caducado');

export function shareKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('rumbo plan shares v1').digest();
}

const signature = (key: Buffer, id: string, expiry: number) =>
  crypto.createHmac('sha256', key).update(`${id}.${expiry}`).digest('base64url').slice(0, 32);

export function shareToken(key: Buffer, id: string, expiresAt: Date): string {
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${expiry}.${signature(key, id, expiry)}`;
}

/** The id and expiry of a token whose signature holds and which has not expired; null otherwise. */
export function checkToken(
  key: Buffer,
  token: string,
  now = new Date(),
): { id: string; expiry: number } | null {
  const match = /^([A-Za-z0-9_-]{22})\.(\d{10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, id = '', seconds = '', given = ''] = match;
  const expiry = Number(seconds);
  const expected = Buffer.from(signature(key, id, expiry));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !crypto.timingSafeEqual(expected, received)) return null;
  if (expiry * 1000 <= now.getTime()) return null;
  return { id, expiry };
}

type ShareRow = typeof planShares.$inferSelect;

function toShare(key: Buffer, origin: string, row: ShareRow, now: Date): PlanShare {
  return {
    id: row.id,
    url: `${origin}/compartido/${shareToken(key, row.id, row.expiresAt)}`,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt ? row.revokedAt.toISOString() : null,
    views: row.views,
    active: !row.revokedAt && row.expiresAt.getTime() > now.getTime(),
  };
}

export interface ShareDeps {
  db: Db;
  key: Buffer;
}

async function ownedForSharing(db: Db, userId: number, businessId: number): Promise<BusinessRow> {
  const { business, planId } = await ownedBusiness(db, { userId, businessId });
  if (!hasPlanAdvisor(planId)) {
    throw forbidden(
      ERROR_CODES.planAdvisorNotAllowed,
      'Los enlaces para compartir están en los planes Founder y CEO. Mejora tu plan para usarlos.',
    );
  }
  return business;
}

/** POST /api/businesses/{id}/financial-plan/shares: a new link for 7 or 30 days. */
export async function createShare(
  deps: ShareDeps,
  origin: string,
  userId: number,
  businessId: number,
  days: ShareDays,
  now = new Date(),
): Promise<PlanShare> {
  await ownedForSharing(deps.db, userId, businessId);
  // Whole seconds: the token carries the expiry in seconds.
  const expiresAt = new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000);
  const [row] = await deps.db
    .insert(planShares)
    .values({ id: crypto.randomBytes(16).toString('base64url'), businessId, userId, expiresAt })
    .returning();
  return toShare(deps.key, origin, row as ShareRow, now);
}

/** GET /api/businesses/{id}/financial-plan/shares: the business's links, newest first. */
export async function listShares(
  deps: ShareDeps,
  origin: string,
  userId: number,
  businessId: number,
): Promise<PlanShare[]> {
  await ownedBusiness(deps.db, { userId, businessId });
  const rows = await deps.db
    .select()
    .from(planShares)
    .where(and(eq(planShares.businessId, businessId), eq(planShares.userId, userId)))
    .orderBy(desc(planShares.createdAt));
  const now = new Date();
  return rows.map((row) => toShare(deps.key, origin, row, now));
}

/** DELETE /api/businesses/{id}/financial-plan/shares/{shareId}: the link answers 404 from now on. */
export async function revokeShare(
  deps: ShareDeps,
  userId: number,
  businessId: number,
  shareId: string,
): Promise<void> {
  await ownedBusiness(deps.db, { userId, businessId });
  const revoked = await deps.db
    .update(planShares)
    .set({ revokedAt: sql`coalesce(${planShares.revokedAt}, now())` })
    .where(
      and(eq(planShares.id, shareId), eq(planShares.businessId, businessId), eq(planShares.userId, userId)),
    )
    .returning({ id: planShares.id });
  if (revoked.length === 0) throw notFound('Enlace no encontrado');
}

/** The business a valid link shows (signature, expiry, row, not revoked); 404 otherwise. */
export async function sharedBusiness(
  deps: ShareDeps,
  token: string,
  options: { count: boolean },
  now = new Date(),
): Promise<{ business: BusinessRow; expiresAt: Date }> {
  const checked = checkToken(deps.key, token, now);
  if (!checked) throw gone();
  const condition = and(
    eq(planShares.id, checked.id),
    isNull(planShares.revokedAt),
    sql`${planShares.expiresAt} > ${now.toISOString()}`,
    sql`extract(epoch from ${planShares.expiresAt})::bigint = ${checked.expiry}`,
  );
  const [share] = options.count
    ? await deps.db
        .update(planShares)
        .set({ views: sql`${planShares.views} + 1` })
        .where(condition)
        .returning()
    : await deps.db.select().from(planShares).where(condition);
  if (!share) throw gone();
  const [business] = await deps.db.select().from(businesses).where(eq(businesses.id, share.businessId));
  if (!business) throw gone();
  return { business, expiresAt: share.expiresAt };
}

/** GET /api/shared/plans/{token}: the plan, read-only, and nothing else of its owner; counts the view. */
export async function readShared(deps: ShareDeps, token: string): Promise<SharedPlan> {
  const { business, expiresAt } = await sharedBusiness(deps, token, { count: true });
  const plan = await planOfBusiness(deps.db, business);
  return {
    business_name: plan.business_name,
    stage: plan.stage,
    country: plan.country,
    currency: plan.currency,
    locale: plan.locale,
    expires_at: expiresAt.toISOString(),
    assumptions: plan.assumptions,
    scenarios: plan.scenarios,
  };
}
