/**
 * Prepares the PostgreSQL side of the suite: one throw-away template database per run, migrated
 * and seeded once (test/template.ts), cloned per test server, and every database of the run dropped at the end.
 * Under CI=true an unreachable PostgreSQL fails the run; elsewhere the suite says loudly that it ran on PGlite only.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { prepareTemplate } from './template';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  const prefix = `yuexun_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.CI === 'true') {
      throw new Error(
        `PostgreSQL at ${ADMIN_URL} is unreachable (${reason}); CI requires the PostgreSQL suite`,
      );
    }
    console.warn(
      `\n!!! PostgreSQL at ${ADMIN_URL} is unreachable (${reason}): the PostgreSQL suite does NOT run.\n`,
    );
    project.provide('pgTemplate', null);
    return;
  }
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ driver: 'postgres', url: withDb(ADMIN_URL, template), poolSize: 2 });
  await prepareTemplate(database);
  await database.close();
  console.log(`PostgreSQL suite: template database ${template} on ${new URL(ADMIN_URL).host}`);
  project.provide('pgTemplate', { adminUrl: ADMIN_URL, template, prefix });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
