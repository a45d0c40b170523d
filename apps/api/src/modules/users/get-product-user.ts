import type { ProductUser } from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { userRole } from '../../http/operators.ts';
import { balance as creditBalance } from '../credits/credits.ts';
import { findUser, type UserRow } from './find-user.ts';

/**
 * The product user of product.md §3 with its real balance (null: unlimited, plan 12; never below 0), and the
 * role 'admin' for the operators: listed by ADMIN_EMAILS and verified (ADR 0022).
 */
export async function toProductUser(
  db: Db,
  user: UserRow,
  adminEmails: readonly string[],
): Promise<ProductUser> {
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    is_active: user.isActive,
    role: userRole(adminEmails, user),
    plan_id: user.planId,
    // Reading the balance also renews the Starter plan's monthly credits when a new month has begun.
    available_credits: await creditBalance(db, user.id),
  };
}

/** GET /api/users/me (and the answer of the calls that change the user). */
export async function getProductUser(
  db: Db,
  userId: number,
  adminEmails: readonly string[],
): Promise<ProductUser> {
  return toProductUser(db, await findUser(db, userId), adminEmails);
}
