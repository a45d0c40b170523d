import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { countWrite, WRITE_LIMITS, type WriteLimit } from '../lib/write-counters.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { AppEnv } from './context.ts';
import { signedInUserId } from './session.ts';

// Sends count themselves (their first statement); sign-in, sign-up and resets have Better Auth's
// per-address limits; webhooks come from the payment provider, not a user.
const COUNTED_ELSEWHERE = [
  /^\/api\/auth\//,
  /^\/api\/token$/,
  /^\/api\/password-reset\//,
  /^\/api\/webhooks\//,
  /^\/api\/analytics\/events$/,
  /^\/api\/businesses\/\d+\/chats\/\d+\/messages(\/stream)?$/,
];

function limitOf(method: string, path: string): WriteLimit | undefined {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  if (COUNTED_ELSEWHERE.some((pattern) => pattern.test(path))) return undefined;
  if (method === 'POST' && /^\/api\/businesses\/\d+\/chats$/.test(path)) return WRITE_LIMITS.chats;
  if (method === 'POST' && path === '/api/researches') return WRITE_LIMITS.researches;
  if (method === 'POST' && path === '/api/feedback') return WRITE_LIMITS.feedback;
  return WRITE_LIMITS.writes;
}

/**
 * Per-user limits on every write of the API (ADR 0015: limits on everything a user can make the
 * server do), counted in the database so that every app process shares them. Anonymous requests pass:
 * their route's guard refuses them.
 */
export function limitWrites(auth: Auth, db: Db, multiplier: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limit = limitOf(c.req.method, c.req.path);
    if (!limit) return next();
    const userId = await signedInUserId(auth, c);
    if (userId !== undefined) await countWrite(db, userId, limit, multiplier);
    return next();
  };
}
