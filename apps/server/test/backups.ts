/** Test helpers for backups: empty targets of either driver and a fingerprint of every table. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { listTables } from '../src/backups/database-dump';
import { type Database, openDatabase, queryRows } from '../src/db/client';
import type { Driver } from './server';

/** A new, empty PostgreSQL database (no schema), dropped with the run. */
export const emptyPostgresUrl = async (): Promise<string> => {
  const tpl = inject('pgTemplate');
  if (!tpl) throw new Error('PostgreSQL suite not prepared');
  const name = `${tpl.prefix}_e${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(tpl.adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

export interface EmptyTarget {
  database: Database;
  /** DATA_DIR of the target: its files go to DATA_DIR/files. */
  dataDir: string;
  url: string | null;
}

/** An empty database of the driver and an empty data directory. */
export const emptyTarget = async (driver: Driver): Promise<EmptyTarget> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-restore-'));
  if (driver === 'pglite')
    return {
      database: await openDatabase({ driver: 'pglite', dataDir: null, thread: false }),
      dataDir,
      url: null,
    };
  const url = await emptyPostgresUrl();
  return { database: await openDatabase({ driver: 'postgres', url, poolSize: 2 }), dataDir, url };
};

/** Row count and a hash of every row of every table (timestamps written in UTC), by table. */
export const fullFingerprint = async (database: Database, skip: ReadonlySet<string> = new Set()) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string> = {};
    for (const { name } of await listTables(tx)) {
      if (skip.has(name)) continue;
      const [row] = await queryRows<{ n: number; h: string | null }>(
        tx,
        sql.raw(
          `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`,
        ),
      );
      out[name] = `${row?.n}:${row?.h}`;
    }
    return out;
  });
