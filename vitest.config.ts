import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/console/src/**/*.test.ts',
      'apps/console/build/**/*.test.ts',
      'apps/site/src/**/*.test.ts',
    ],
    globalSetup: ['apps/server/test/pglite.global-setup.ts', 'apps/server/test/postgres.global-setup.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine, idle while a
    // test waits on its server's database thread or a timer. Two keep both cores busy (the unit phase took 12.6 min with one).
    maxWorkers: 2,
    // One more try for a test that failed: the suite runs ~4,000 tests beside real servers, PostgreSQL and child
    // processes on a 2-core machine, where a timing-sensitive step can lose once under load. A test that fails twice
    // still fails the run, and a pass on the second try is printed as such (the run's output lists it).
    retry: 1,
    testTimeout: 30_000,
    // Hooks start whole servers with their stand-ins (PGlite, receivers, an SMTP server): a loaded CI run at load 18
    // took over 60 s for one (alerts.test on 2026-11-28), so they get three minutes. A margin, not a measurement.
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
