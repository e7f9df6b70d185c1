/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through node-postgres
 * when DATABASE_URL is set. Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { type EmbeddedClient, PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | {
      driver: 'pglite';
      dataDir: string | null /* null: in memory, for tests */;
      /** In memory only: start from this dump (PGlite dumpDataDir) instead of an empty cluster (tests' template). */
      template?: Blob;
      /** In a worker thread (decision 030); false: in the server's own thread. Default true. */
      thread?: boolean;
    }
  | { driver: 'postgres'; url: string; poolSize: number };

export interface Database {
  db: Db;
  driver: DatabaseTarget['driver'];
  /** Runs fn while holding a cluster-wide lock, so concurrent instances do one thing at a time. */
  withExclusiveLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Driver-specific handles for migrations. */
  raw: { pglite: EmbeddedClient } | { pool: pg.Pool };
}

export const openDatabase = async (target: DatabaseTarget): Promise<Database> => {
  if (target.driver === 'pglite') return openPglite(target.dataDir, target.template, target.thread ?? true);
  return openPostgres(target.url, target.poolSize);
};

const openEmbedded = async (dataDir: string | null, template: Blob | undefined, thread: boolean) => {
  if (thread) {
    return PGliteThread.start({
      dataDir,
      ...(template && !dataDir ? { template: await template.arrayBuffer() } : {}),
    });
  }
  return dataDir ? PGlite.create(dataDir) : PGlite.create(template ? { loadDataDir: template } : {});
};

const openPglite = async (
  dataDir: string | null,
  template: Blob | undefined,
  thread: boolean,
): Promise<Database> => {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  try {
    const client: EmbeddedClient = await openEmbedded(dataDir, template, thread);
    // drizzle's PGlite driver calls only query() and transaction(), which the thread's client has too.
    const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      raw: { pglite: client },
      // One process owns an embedded database (the data-dir lock), so a process-local queue is enough.
      withExclusiveLock: (_key, fn) => fn(),
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
};

const openPostgres = async (url: string, poolSize: number): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    raw: { pool },
    withExclusiveLock: async (key, fn) => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
};

/** Raw SQL for what the query builder cannot say (recursive CTEs, window functions); both drivers answer { rows }. */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};
