import { afterEach, describe, expect, it, vi } from 'vitest';
import { authUser, sessionBody, stubFetch } from '../../test/fetch-stub.ts';
import { fetchSession, SessionUnavailableError } from './session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchSession', () => {
  it("reads Better Auth's session as the signed-in identity, and a null answer as signed out", async () => {
    const user = authUser();
    const api = stubFetch({ 'GET /api/auth/get-session': { body: sessionBody(user) } });
    expect(await fetchSession()).toEqual({
      identity: { uid: String(user.id), displayName: user.name, email: user.email },
      isNewUser: false,
    });
    expect(api.callsTo('GET /api/auth/get-session')).toHaveLength(1);

    stubFetch({ 'GET /api/auth/get-session': { body: null } });
    expect(await fetchSession()).toBeNull();
  });

  it('tells an unreadable session (a failing server, a page in place of JSON, no network) from signed out', async () => {
    stubFetch({ 'GET /api/auth/get-session': { status: 503, body: { message: 'caído' } } });
    await expect(fetchSession()).rejects.toEqual(new SessionUnavailableError(503));

    stubFetch({
      'GET /api/auth/get-session': {
        raw: new Response('<html>proxy</html>', { headers: { 'Content-Type': 'text/html' } }),
      },
    });
    await expect(fetchSession()).rejects.toBeInstanceOf(SessionUnavailableError);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchSession()).rejects.toMatchObject({ name: 'SessionUnavailableError', status: 0 });
  });
});
