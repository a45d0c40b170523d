import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ApiError, apiFetch, setUnauthorizedHandler } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const network = stubFetch({ 'POST /api/things': { body: { id: 1 } } });
    await expect(apiFetch('/api/things', { method: 'POST', body: { name: 'a' } })).resolves.toEqual({
      id: 1,
    });
    expect(network.calls[0]?.body).toEqual({ name: 'a' });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws the server error body as an ApiError', async () => {
    stubFetch({
      'POST /api/password-reset/confirm': {
        status: 400,
        body: { code: 'expired-action-code', message: 'El enlace ha expirado', field: 'oobCode' },
      },
    });
    const failure: unknown = await apiFetch('/api/password-reset/confirm', {
      method: 'POST',
      body: {},
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'expired-action-code',
      field: 'oobCode',
      message: 'El enlace ha expirado',
    });
  });

  it('keeps the status of an answer without an error body', async () => {
    stubFetch({
      'GET /api/users/me': { status: 502 },
      'GET /api/other': { status: 500, body: { code: 500, message: 'no es el formato' } },
    });
    await expect(apiFetch('/api/users/me')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
    await expect(apiFetch('/api/other')).rejects.toMatchObject({ status: 500, code: 'HTTP_500' });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiFetch('/api/users/me')).rejects.toMatchObject({
      status: 0,
      code: 'network-request-failed',
    });
  });

  it('calls the signed-out handler on a 401, and only then', async () => {
    const handler = vi.fn();
    const remove = setUnauthorizedHandler(handler);
    stubFetch({
      'GET /api/users/me': { status: 401, body: { code: 'UNAUTHORIZED', message: 'Sin sesión' } },
      'GET /api/forbidden': { status: 403, body: { code: 'FORBIDDEN', message: 'No' } },
    });
    await expect(apiFetch('/api/forbidden')).rejects.toMatchObject({ status: 403 });
    expect(handler).not.toHaveBeenCalled();
    await expect(apiFetch('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
  });

  it('leaves the session alone on a 401 when the call asks so', async () => {
    const handler = vi.fn();
    const remove = setUnauthorizedHandler(handler);
    stubFetch({
      'GET /api/subscriptions/cs_1': { status: 401, body: { code: 'UNAUTHORIZED', message: 'Sin sesión' } },
    });
    await expect(apiFetch('/api/subscriptions/cs_1', { signOutOnUnauthorized: false })).rejects.toMatchObject(
      { status: 401 },
    );
    expect(handler).not.toHaveBeenCalled();
    remove();
  });
});
