/**
 * Starts the real server on a free port for a test, on a fresh database: in-memory PGlite loaded from
 * the run's template dump, or a PostgreSQL database cloned from the run's template (both migrated and
 * seeded once, test/template.ts). Requests go over real HTTP.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { Database, DatabaseTarget } from '../src/db/client';
import { TEST_PASSWORD_HASH_COST, TEST_PASSWORDS } from './test-passwords';

export type Driver = 'pglite' | 'postgres';

/** The drivers this run covers: PGlite always, PostgreSQL when the global setup prepared it. */
export const drivers: Driver[] = inject('pgTemplate') ? ['pglite', 'postgres'] : ['pglite'];

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A new PostgreSQL database holding the migrated demo content; dropped with the run. */
export const clonePostgresDatabase = async (): Promise<string> => {
  const tpl = inject('pgTemplate');
  if (!tpl) throw new Error('PostgreSQL suite not prepared');
  const name = `${tpl.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${tpl.template}`);
  } finally {
    await admin.end();
  }
  return withDb(tpl.adminUrl, name);
};

let pgliteTemplate: Blob | undefined;
/** The run's PGlite template (pglite.global-setup.ts), read once per test file. */
export const pgliteTemplateDump = (): Blob => {
  pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return pgliteTemplate;
};

export const databaseTargetFor = async (driver: Driver): Promise<DatabaseTarget> =>
  driver === 'pglite'
    ? { driver: 'pglite', dataDir: null, template: pgliteTemplateDump() }
    : { driver: 'postgres', url: await clonePostgresDatabase(), poolSize: 5 };

/** Each server gets its own DATA_DIR (uploaded files), removed with the machine's temporary files. */
export const testConfig = (database: DatabaseTarget, overrides: Partial<AppConfig> = {}): AppConfig => ({
  ...loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'yuexun-test-')),
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
  }),
  ...TEST_PASSWORDS,
  database,
  port: 0,
  ...overrides,
});

export interface TestServer {
  app: FastifyInstance;
  url: string;
  /** The PostgreSQL URL the server uses (null on PGlite), for a second instance on the same database. */
  databaseUrl: string | null;
  /** The server's JSON log lines so far. */
  logLines: () => string[];
  /** POSTs a form (or JSON when json: true) and returns HTTP status and parsed body. */
  post: (path: string, body?: Record<string, unknown> | string, init?: PostInit) => Promise<ApiResponse>;
  close: () => Promise<void>;
}

export interface PostInit {
  json?: boolean;
  headers?: Record<string, string>;
  method?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
export type ApiResponse = { status: number; body: any; headers: Headers; text: string };

export const toForm = (body: Record<string, unknown>) => {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const v of value) form.append(key, String(v));
    else if (value !== undefined) form.append(key, String(value));
  }
  return form.toString();
};

export interface StartOptions {
  /** Another server's PostgreSQL URL, to run several instances on one database. */
  databaseUrl?: string | null;
  /** Another server's open database: a second instance on one PGlite (PostgreSQL instances use databaseUrl). */
  database?: Database;
}

export const startServer = async (
  driver: Driver,
  overrides: Partial<AppConfig> = {},
  options: StartOptions = {},
): Promise<TestServer> => {
  const target: DatabaseTarget =
    options.database && !options.databaseUrl
      ? { driver: 'pglite', dataDir: null }
      : options.databaseUrl
        ? { driver: 'postgres', url: options.databaseUrl, poolSize: 5 }
        : await databaseTargetFor(driver);
  const logLines: string[] = [];
  // Info level into memory: tests read what the log SMS provider "sent".
  const app = await buildApp(testConfig(target, { logLevel: 'info', ...overrides }), {
    logStream: { write: (line) => void logLines.push(line) },
    ...(options.database && !options.databaseUrl ? { database: options.database } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    databaseUrl: target.driver === 'postgres' ? target.url : null,
    logLines: () => logLines,
    post: (path, body = {}, init = {}) => request(url, path, body, init),
    close: async () => {
      await app.close();
      rmSync(app.config.dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
};

export const request = async (
  baseUrl: string,
  path: string,
  body: Record<string, unknown> | string = {},
  init: PostInit = {},
): Promise<ApiResponse> => {
  const payload = typeof body === 'string' ? body : init.json ? JSON.stringify(body) : toForm(body);
  const method = init.method ?? 'POST';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': init.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...init.headers,
    },
    body: method === 'GET' || method === 'HEAD' ? undefined : payload,
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
};
