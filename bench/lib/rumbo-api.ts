import { freePort } from '../../apps/api/src/test/server-process.ts';
import { type RunningProcess, startApi } from './processes.ts';

export { freePort };

/**
 * Rumbo's API in a process of its own against `modelUrl`, on `databaseUrl` (PostgreSQL) or PGlite in
 * `dataDir`, with `preload` modules loaded before it. Bench users keep far more streams going than any
 * person's write limits allow, so those are multiplied (and stay in the path).
 */
export async function startRumbo(
  modelUrl: string,
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  preload: string[] = [],
): Promise<RunningProcess & { base: string }> {
  const port = await freePort();
  const rumbo = await startApi(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: modelUrl,
      AI_MODEL: 'bench-model',
      WRITE_LIMIT_MULTIPLIER: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    ['--api-only'],
    preload,
  );
  return { ...rumbo, base: `http://127.0.0.1:${port}` };
}

/** The idea every bench user registers (a name of its own added). */
export const BENCH_IDEA = {
  location: 'España',
  description:
    'Una cafetería de especialidad con tostador propio, cursos de barismo y venta online de café en grano para hogares y oficinas de la ciudad y alrededores.',
  goal: 'Abrir el segundo local',
  extra_info: '',
  team_description: 'Tres socios',
  team_size: 3,
  user_position: 'CEO',
  competitor_existence: true,
  competitor_differentiation: 'Café de origen único tostado cada semana',
  investment: 40000,
  investment_currency: 'euro',
};

/** One call to Rumbo's API as a signed-in browser would make it; an error status throws. */
export async function call(base: string, method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

export interface BenchUser {
  /** The Cookie header of the session. */
  cookie: string;
  /** The same session as browser cookies for `base`. */
  cookies: Array<{ name: string; value: string; url: string }>;
  businessId: number;
}

/** A signed-in user on plan 11 (bought through the local test checkout) with one idea business. */
export async function benchUser(base: string, n: number | string): Promise<BenchUser> {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: `Bench ${n}`,
      email: `bench${n}@example.com`,
      password: 'bench-password-1',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const pairs = signUp.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const cookie = pairs.join('; ');
  const checkout = (await (
    await call(base, 'POST', '/api/subscriptions', cookie, {
      plan_id: 11,
      success_url: `${base}/stripe_success`,
      cancel_url: `${base}/stripe_cancel`,
    })
  ).json()) as { url: string };
  await call(base, 'POST', `${new URL(checkout.url, base).pathname}/pay`, cookie);
  const business = (await (
    await call(base, 'POST', '/api/businesses/ideas', cookie, { ...BENCH_IDEA, name: `Cafetería ${n}` })
  ).json()) as { id: number };
  const cookies = pairs.map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
  return { cookie, cookies, businessId: business.id };
}
