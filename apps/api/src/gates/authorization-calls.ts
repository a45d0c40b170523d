import { type Owner, pngLogo } from './world.ts';

/** The vocabulary of the authorisation matrix (authorization.test.ts): who may call, and how to call. */

/**
 * - owner: acts on the owner's resource named in the path or body. Anonymous → 401; another user →
 *   403 or 404; the owner → 2xx or 3xx (so the refusals are about who asks, not a broken request).
 * - self: acts on whoever asks. Anonymous → 401; another user → any answer about themselves.
 * - public: anyone; `answers` are its documented statuses.
 * - operator: the console (ADMIN_EMAILS names nobody here). Anonymous → 401; any user → 403.
 */
export type Access = 'owner' | 'self' | 'public' | 'operator';

export interface Call {
  path: string;
  body?: string | FormData;
  headers?: Record<string, string>;
}

export interface Entry {
  access: Access;
  request: (owner: Owner, caller: string) => Call | Promise<Call>;
  /** For public operations: the answers anyone may get. */
  answers?: number[];
  /** Ends the caller's session or the owner's resource: sent after the others. */
  last?: boolean;
  /** Refusals the owner may get because earlier operations changed their resource (not about who asks). */
  ownerAnswers?: number[];
}

export const json = (path: string, body: unknown): Call => ({
  path,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
export const form = (path: string, fields: Record<string, string>): Call => ({
  path,
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
export async function logoUpload(path: string): Promise<Call> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(await pngLogo())], { type: 'image/png' }), 'logo.png');
  return { path, body };
}
export const idea = (o: Owner) => `/api/businesses/ideas/${o.ideaId}`;
export const established = (o: Owner) => `/api/businesses/established/${o.establishedId}`;
export const chat = (o: Owner) => `/api/businesses/${o.ideaId}/chats/${o.chatId}`;
export const checkout = (o: Owner) => `/api/billing/local/checkout/${o.checkoutSessionId}`;
export const portal = (o: Owner) => `/api/billing/local/portal/${o.checkoutSessionId}`;
/** An e-mail of the caller's own, for sign-ups. */
export const fresh = (caller: string) => `nuevo.${caller}.${Date.now()}@example.com`;
