/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through node-postgres
 * when DATABASE_URL is set. Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { EMBEDDED_MEMORY_DEFAULTS, type EmbeddedMemory } from './pglite-memory';
import { type EmbeddedClient, PGliteThread } from './pglite-thread';
import { chooseWasmCompiler } from './pglite-wasm';
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
      /** PostgreSQL's memory settings (decision 041); default EMBEDDED_MEMORY_DEFAULTS. */
      memory?: EmbeddedMemory;
      /** In a thread only: bound of the statements waiting for it (PGLITE_QUEUE_MAX_BYTES); default 16 MiB. */
      queueMaxBytes?: number;
      /** V8's optimising compiler for PostgreSQL's WebAssembly too (PGLITE_WASM_OPTIMIZE); default baseline only. */
      wasmOptimizing?: boolean;
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
  /** Embedded database only: bytes of the WebAssembly memory it runs in (it only grows; bench:memory, tests). */
  wasmMemoryBytes?: () => Promise<number>;
}

export const openDatabase = async (target: DatabaseTarget): Promise<Database> => {
  if (target.driver === 'pglite') {
    chooseWasmCompiler(target.wasmOptimizing ?? false);
    return openPglite(
      target.dataDir,
      target.template,
      target.thread ?? true,
      target.memory ?? EMBEDDED_MEMORY_DEFAULTS,
      target.queueMaxBytes,
    );
  }
  return openPostgres(target.url, target.poolSize);
};

const openEmbedded = async (
  dataDir: string | null,
  template: Blob | undefined,
  thread: boolean,
  memory: EmbeddedMemory,
  queueMaxBytes: number | undefined,
): Promise<{ client: EmbeddedClient; wasmMemoryBytes: () => Promise<number> }> => {
  const request = {
    dataDir,
    memory,
    ...(template && !dataDir ? { template: await template.arrayBuffer() } : {}),
  };
  if (thread) {
    const client = await PGliteThread.start({
      ...request,
      ...(queueMaxBytes === undefined ? {} : { queueMaxBytes }),
    });
    return { client, wasmMemoryBytes: () => client.wasmMemoryBytes() };
  }
  // Loaded only here: in the usual set-up PGlite lives in the database thread, not in the server's.
  const { open, wasmMemoryBytes } = await import('./pglite-open');
  const client = await open(request);
  return { client, wasmMemoryBytes: async () => wasmMemoryBytes(client) };
};

const openPglite = async (
  dataDir: string | null,
  template: Blob | undefined,
  thread: boolean,
  memory: EmbeddedMemory,
  queueMaxBytes: number | undefined,
): Promise<Database> => {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  try {
    const { client, wasmMemoryBytes } = await openEmbedded(dataDir, template, thread, memory, queueMaxBytes);
    // drizzle's PGlite driver calls only query() and transaction(), which the thread's client has too.
    const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      raw: { pglite: client },
      wasmMemoryBytes,
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
