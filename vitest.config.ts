import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// The API's own tests, and those of its developer tools (the research evaluation).
const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/eval/**/*.test.ts'];

const apiProject = (engine: 'pglite' | 'postgresql'): TestProjectInlineConfiguration => ({
  test: {
    name: `api (${engine})`,
    include: apiTests,
    // `*.postgres.test.ts` need a PostgreSQL server (several processes on one database), and
    // `*.pglite.test.ts` test the embedded engine itself: each runs in its engine's run only.
    exclude: [
      ...configDefaults.exclude,
      engine === 'pglite' ? '**/*.postgres.test.ts' : '**/*.pglite.test.ts',
    ],
    environment: 'node',
    env: { TEST_DB: engine === 'postgresql' ? 'postgres' : 'pglite' },
    // One migrated database per run, copied for each test file.
    globalSetup: ['apps/api/src/test/database-template.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker less than the cores: one on CI's 2-core machine, where most API
    // test files spend their time waiting on server processes, timers and the database, leaving a core idle.
    // Two files at once there take about half the time; the tests that build a fresh database get the
    // longer timeouts that needs. Larger machines keep the default.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      // The architecture check of `npm run lint` (scripts/check-architecture.mjs).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      {
        // The app's tests, and those of its build plugins (apps/web/*.ts).
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'],
          environment: 'jsdom',
        },
      },
      apiProject('pglite'),
      // The same API suite on a real PostgreSQL server, when one is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgresql')] : []),
    ],
  },
});
