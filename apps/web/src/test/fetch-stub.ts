import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  signal?: AbortSignal;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  /** A response of its own (a streamed body, other headers), answered as it is. */
  raw?: Response;
}

export type StubRoute = StubResponse | ((request: StubRequest) => StubResponse | Promise<StubResponse>);

/**
 * Replaces `fetch` with a tiny router keyed by 'METHOD /path' (Better Auth's and the product API's
 * calls alike). Unknown routes answer 404 so that a missing stub shows up as a failed expectation.
 * Restore with `vi.unstubAllGlobals()`.
 */
export function stubFetch(routes: Record<string, StubRoute>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const request: StubRequest = {
      method,
      path: url.pathname,
      url,
      body: parseBody(init?.body),
      signal: init?.signal ?? undefined,
    };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await route(request) : (route ?? { status: 404 });
    if (answer.raw) return answer.raw;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The requests made to one route, in order. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Better Auth's user object as the server returns it. */
export function authUser(overrides: Partial<{ id: string; name: string; email: string }> = {}) {
  return {
    id: '7',
    name: 'Ana Pérez',
    email: 'ana@example.com',
    emailVerified: false,
    image: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/users/me for the user above. */
export function productUser(
  overrides: Partial<{ id: number; plan_id: number; available_credits: number | null }> = {},
) {
  return {
    id: 7,
    username: 'ana_perez',
    full_name: 'Ana Pérez',
    is_active: true,
    role: 'user',
    plan_id: 9,
    available_credits: 100,
    ...overrides,
  };
}

/** GET /api/auth/get-session for a signed-in user (null body when signed out). */
export function sessionBody(user = authUser()) {
  return {
    session: {
      id: 's1',
      userId: user.id,
      token: 'token',
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    user,
  };
}
