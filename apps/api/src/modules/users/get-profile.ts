import type { Profile } from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { balance as creditBalance } from '../credits/credits.ts';
import { findUser } from './find-user.ts';

/** GET /api/auth/profile: what the profile view shows. */
export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const user = await findUser(db, userId);
  const credits = await creditBalance(db, user.id);
  return {
    email: user.email,
    full_name: user.fullName,
    credits,
    analytics_personal: !user.analyticsOptOut,
    two_factor_enabled: user.twoFactorEnabled,
    product_mail: user.productMail,
  };
}
