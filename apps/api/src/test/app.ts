import { createApp } from '../app.ts';
import { type Env, loadEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  env: Env;
  /** Sends a request to the app in-process, as the HTTP server would. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { webDistDir?: string } = {},
): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
  const database = await createTestDatabase();
  const app = createApp({
    env,
    database,
    logger: createLogger(env.LOG_LEVEL),
    webDistDir: options.webDistDir,
  });
  return {
    app,
    database,
    env,
    request: async (path, init) => app.request(path, init),
    close: () => database.dispose(),
  };
}
