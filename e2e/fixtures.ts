/**
 * `server`: the product as `npm start` runs it, one per worker, on a free port with a fresh
 * embedded database in a temporary folder. Tests get `baseURL` pointing at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { type ServerProcess, startProcess } from '../apps/server/test/process';

/** Passwords of the demo accounts admin and user in every e2e server (the server reads these variables). */
export const DEMO_PASSWORDS = { admin: 'e2e-Admin-Passw0rd', user: 'e2e-User-Passw0rd' } as const;
const DEMO_ENV = { ADMIN_PASSWORD: DEMO_PASSWORDS.admin, USER_PASSWORD: DEMO_PASSWORDS.user };

export interface ServerFixture {
  url: string;
  output: () => string;
}

/** Starts one more server with its own environment (e.g. BASE_PATH); stopped after the test. */
export type StartServer = (env?: Record<string, string>) => Promise<ServerFixture>;

export const test = base.extend<{ startServer: StartServer }, { server: ServerFixture }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-e2e-'));
      const proc = await startProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...DEMO_ENV }, 120_000);
      await use({ url: proc.url, output: proc.output });
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  startServer: async ({}, use) => {
    const started: { proc: ServerProcess; dataDir: string }[] = [];
    await use(async (env = {}) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-e2e-'));
      const proc = await startProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...DEMO_ENV, ...env }, 120_000);
      started.push({ proc, dataDir });
      return { url: proc.url, output: proc.output };
    });
    for (const { proc, dataDir } of started) {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };

/**
 * Presses 确定 in the popover asking `question` until `outcome` shows. Under load a press while antd's
 * popover is still opening can be lost, and the popover stays; a person presses again, and so does this.
 */
export const confirmPopover = async (page: Page, question: string | RegExp, outcome: Locator) => {
  const ask = page.locator('.ant-popover', { hasText: question });
  await expect(ask).toBeVisible();
  await expect(async () => {
    if (await ask.isVisible()) await ask.getByRole('button', { name: /确\s?定/ }).click({ timeout: 2_000 });
    await expect(outcome).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
};

/** The PostgreSQL server on this machine (trust auth), for tests that run the product on a database of its own. */
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of `database` on the test PostgreSQL server. */
export const postgresUrl = (database: string) => {
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Runs one statement on `database` of the test PostgreSQL server. */
export const onPostgres = async (sql: string, database = 'postgres', params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: postgresUrl(database) });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
};

/** Runs `use` with a throw-away PostgreSQL database's address; the database is dropped afterwards. */
export const withPostgresDatabase = async <T>(
  prefix: string,
  use: (url: string, name: string) => Promise<T>,
) => {
  const name = `yx_e2e_${prefix}_${process.pid}_${Date.now()}`;
  await onPostgres(`create database ${name}`);
  try {
    return await use(postgresUrl(name), name);
  } finally {
    await onPostgres(`drop database if exists ${name} with (force)`);
  }
};
