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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
