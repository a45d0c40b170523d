import { eq } from 'drizzle-orm';
import { createAssistant } from '../ai/assistant.ts';
import { createApp } from '../app.ts';
import { users } from '../db/schema/index.ts';
import { type Env, loadEnv } from '../env.ts';
import { createLogger, type Logger } from '../logger.ts';
import type { Mail } from '../modules/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  env: Env;
  /** Every e-mail the app sent. */
  mails: Mail[];
  /**
   * Sends a request to the app in-process, as the HTTP server would, from the app's own origin and
   * from `clientIp` (as the socket's remote address).
   */
  request(path: string, init?: RequestInit, clientIp?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  /**
   * `jobs`: also start the job queue, the research worker and its watchdog (as `npm start` does).
   * `logger`: the app's logger (by default LOG_LEVEL's, on stdout), for tests that read the log.
   */
  options: { webDistDir?: string; jobs?: boolean; logger?: Logger } = {},
): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  });
  const database = await createTestDatabase();
  const mails: Mail[] = [];
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const assistant = createAssistant(env, logger);
  const collect = { send: async (mail: Mail) => void mails.push(mail) };
  // Imported only when asked for: most API tests need neither the queue nor the research pipeline.
  // Their mails go to `mails` too, unless the test gives them an SMTP server of its own (SMTP_URL).
  const jobs = options.jobs
    ? await (await import('../jobs/start-jobs.ts')).startJobs(env, database, logger, assistant, {
        work: true,
        ...(env.SMTP_URL ? {} : { mailer: collect }),
      })
    : null;
  const app = createApp({
    env,
    database,
    logger,
    assistant,
    queue: jobs?.queue,
    webDistDir: options.webDistDir,
    mailer: collect,
  });
  return {
    app,
    database,
    env,
    mails,
    request: async (path, init = {}, clientIp = '127.0.0.1') => {
      const headers = new Headers(init.headers);
      if (!headers.has('origin') && init.method && init.method !== 'GET') {
        headers.set('origin', TEST_PUBLIC_URL);
      }
      return app.request(path, { ...init, headers }, { incoming: { socket: { remoteAddress: clientIp } } });
    },
    close: async () => {
      await jobs?.stop();
      await app.shutdown();
      await database.dispose();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

let signUpCounter = 0;

/** Signs a user up, each from an address of its own so that many sign-ups stay under the rate limit. */
export async function signUp(
  t: TestApp,
  user: { name: string; email: string; password: string },
): Promise<{ cookie: string; res: Response }> {
  signUpCounter += 1;
  const res = await t.request(
    '/api/auth/sign-up/email',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) },
    `10.77.${Math.floor(signUpCounter / 250)}.${signUpCounter % 250}`,
  );
  return { cookie: cookiesOf(res), res };
}

export async function signIn(
  t: TestApp,
  user: { email: string; password: string; rememberMe?: boolean },
): Promise<Response> {
  return t.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
}

/**
 * Marks an account's address as verified, as the console's verification link does (ADR 0022): for tests
 * of what an operator may do, not of how they proved the address (operator-verification.test.ts).
 */
export async function markEmailVerified(t: TestApp, email: string): Promise<void> {
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email.toLowerCase()));
}
