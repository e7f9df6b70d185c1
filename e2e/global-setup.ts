/**
 * Seeded starting points for the whole browser run, made once: the product is started on a fresh embedded
 * database (migrations, demo content, downloads, statistics and the demo accounts) and stopped cleanly, and
 * likewise on a PostgreSQL database when the test server is reachable. Each test server then starts on a
 * copy (of the data folder; of the database, cloned with CREATE DATABASE … TEMPLATE) instead of seeding its
 * own: a fresh seed is most of a start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess } from '../apps/server/test/process';
import {
  DATA_TEMPLATE_ENV,
  DEMO_ENV,
  onPostgres,
  POSTGRES_TEMPLATE_ENV,
  type PostgresTemplate,
  postgresUrl,
} from './fixtures';

/** Starts the product once on `env` in a new data folder and stops it: the folder holds what it seeded. */
const seedOnce = async (env: Record<string, string> = {}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-e2e-template-'));
  const proc = await startProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...DEMO_ENV, ...env }, 180_000);
  const code = await proc.stop();
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${proc.output()}`);
  return dataDir;
};

const postgresReachable = () =>
  onPostgres('select 1').then(
    () => true,
    () => false,
  );

export default async function globalSetup() {
  const dataDir = await seedOnce();
  process.env[DATA_TEMPLATE_ENV] = dataDir;
  let postgres: PostgresTemplate | undefined;
  if (await postgresReachable()) {
    const database = `yx_e2e_template_${process.pid}_${Date.now()}`;
    await onPostgres(`create database ${database}`);
    postgres = { database, dataDir: await seedOnce({ DATABASE_URL: postgresUrl(database) }) };
    process.env[POSTGRES_TEMPLATE_ENV] = JSON.stringify(postgres);
  }
  return async () => {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    if (!postgres) return;
    rmSync(postgres.dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    await onPostgres(`drop database if exists ${postgres.database} with (force)`);
  };
}
