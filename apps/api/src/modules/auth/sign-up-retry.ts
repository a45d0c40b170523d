import type { Auth } from './auth.ts';

/** Tries after the first: enough for a few people with one name signing up in the same instant. */
const MAX_RETRIES = 3;
const SIGN_UP_PATH = /\/sign-up\/email$/;

/**
 * Better Auth's handler, with a sign-up that lost a race for its username tried again. The username is
 * chosen by looking for a free one (usernames.ts) inside the sign-up's transaction. On PostgreSQL, two
 * people with the same name signing up at the same moment both find it free. The second insert then
 * breaks the unique index once the first commits, and Better Auth answers 422 FAILED_TO_CREATE_USER
 * with nothing stored. Tried again, the sign-up sees the first one's username and takes a free one.
 */
export async function authHandlerWithSignUpRetry(auth: Auth, request: Request): Promise<Response> {
  if (request.method !== 'POST' || !SIGN_UP_PATH.test(new URL(request.url).pathname)) {
    return auth.handler(request);
  }
  const body = await request.arrayBuffer();
  for (let attempt = 0; ; attempt++) {
    const res = await auth.handler(new Request(request, { body }));
    if (attempt === MAX_RETRIES || res.status !== 422) return res;
    const { code } = (await res.clone().json()) as { code?: string };
    if (code !== 'FAILED_TO_CREATE_USER') return res;
  }
}
