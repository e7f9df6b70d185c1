/**
 * `server`: the product as `npm start` runs it, one per worker, on a free port with a fresh
 * embedded database in a temporary folder. Tests get `baseURL` pointing at it.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { type ServerProcess, startProcess } from '../apps/server/test/process';
import { TEST_PASSWORDS } from '../apps/server/test/test-passwords';

/**
 * Passwords of the demo accounts admin and user in every e2e server (the server reads these variables): the
 * unit tests' own, so every browser-test server, the content tests' too, starts from the one seeded folder.
 */
export const DEMO_PASSWORDS = {
  admin: TEST_PASSWORDS.adminPassword,
  user: TEST_PASSWORDS.userPassword,
} as const;
export const DEMO_ENV = { ADMIN_PASSWORD: DEMO_PASSWORDS.admin, USER_PASSWORD: DEMO_PASSWORDS.user };

/** Every test server's preview key, so a test can sign a link that has already expired. */
export const PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdef';
/**
 * What every worker's server runs with. One definition for all specs: Playwright starts a new worker (a new
 * server and browser) whenever the next file's worker fixtures differ from the last one's.
 */
const WORKER_SERVER_ENV = { LOG_LEVEL: 'info', ...DEMO_ENV, PREVIEW_SECRET };

/** Where global-setup.ts left the seeded data folder that embedded-database test servers start from. */
export const DATA_TEMPLATE_ENV = 'YUEXUN_E2E_DATA_TEMPLATE';
/** Where global-setup.ts left the seeded PostgreSQL database (and its data folder) that databases are cloned from. */
export const POSTGRES_TEMPLATE_ENV = 'YUEXUN_E2E_POSTGRES_TEMPLATE';
export interface PostgresTemplate {
  database: string;
  dataDir: string;
}
const postgresTemplate = (): PostgresTemplate | undefined => {
  const json = process.env[POSTGRES_TEMPLATE_ENV];
  return json ? (JSON.parse(json) as PostgresTemplate) : undefined;
};
/** PostgreSQL databases of this worker cloned from the seeded template (withPostgresDatabase). */
const seededDatabases = new Set<string>();
/** Settings that change what a first start seeds: such a server seeds its own. */
const SEED_SETTINGS = ['SEED_DEMO', 'ADMIN_PASSWORD', 'USER_PASSWORD'];

/**
 * A new data folder for a server started with `env`: a copy of the seeded folder that matches its database
 * (the embedded template, or the PostgreSQL template's files for a database cloned from it), empty otherwise.
 */
export const freshDataDir = (env: Record<string, string> = {}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-e2e-'));
  const database = env.DATABASE_URL;
  const template = database
    ? seededDatabases.has(database)
      ? postgresTemplate()?.dataDir
      : undefined
    : process.env[DATA_TEMPLATE_ENV];
  if (template && !SEED_SETTINGS.some((key) => key in env)) cpSync(template, dataDir, { recursive: true });
  return dataDir;
};

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
      const dataDir = freshDataDir();
      const proc = await startProcess({ DATA_DIR: dataDir, ...WORKER_SERVER_ENV }, 120_000);
      await use({ url: proc.url, output: proc.output });
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  startServer: async ({}, use) => {
    const started: { proc: ServerProcess; dataDir: string }[] = [];
    await use(async (env = {}) => {
      const dataDir = freshDataDir(env);
      const proc = await startProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...DEMO_ENV, ...env }, 120_000);
      started.push({ proc, dataDir });
      return { url: proc.url, output: proc.output };
    });
    for (const { proc, dataDir } of started) {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
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
  // The outcome (often a 3-second toast) is watched from the start, beside the presses: a press retried on a
  // closing popover waits up to 2 s, long enough for a toast to come and go unseen between two looks.
  let settled = false;
  const shown = outcome.waitFor({ state: 'visible', timeout: 30_000 }).finally(() => {
    settled = true;
  });
  while (!settled) {
    if (await ask.isVisible())
      await ask
        .getByRole('button', { name: /确\s?定/ })
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    if (!settled) await page.waitForTimeout(250);
  }
  await shown;
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

/**
 * Runs `use` with a throw-away PostgreSQL database's address, seeded with the demo content when the run has the
 * PostgreSQL template (a server started on it copies the template's files too); dropped afterwards.
 */
export const withPostgresDatabase = async <T>(
  prefix: string,
  use: (url: string, name: string) => Promise<T>,
) => {
  const name = `yx_e2e_${prefix}_${process.pid}_${Date.now()}`;
  const template = postgresTemplate();
  await onPostgres(`create database ${name}${template ? ` template ${template.database}` : ''}`);
  const url = postgresUrl(name);
  if (template) seededDatabases.add(url);
  try {
    return await use(url, name);
  } finally {
    seededDatabases.delete(url);
    await onPostgres(`drop database if exists ${name} with (force)`);
  }
};
