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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
