/**
 * Which database the server uses, and the embedded one's memory and queue settings (DATABASE_*, PGLITE_*;
 * decisions 030, 041, 047), validated with the rest of the environment at start-up (config.ts).
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { envFlag, envInt } from '../shared/env-fields';
import type { DatabaseTarget } from './client';
import { EMBEDDED_MEMORY_DEFAULTS, PG_MEMORY_SIZE, QUEUE_MAX_BYTES_DEFAULT } from './pglite-memory';

/** A PostgreSQL memory size (`32MB`), as the embedded database's settings take it. */
const pgSize = z.string().regex(PG_MEMORY_SIZE, { error: 'must be a size such as 512kB, 32MB or 1GB' });

export const databaseEnvSchema = {
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: envInt(1, 200).default(10),
  /** The embedded database runs in a worker thread, so queries do not hold up page serving (decision 030). */
  PGLITE_THREAD: envFlag.default(true),
  /** The embedded database's memory settings (db/pglite-memory.ts, decision 041). */
  PGLITE_SHARED_BUFFERS: pgSize.default(EMBEDDED_MEMORY_DEFAULTS.sharedBuffers),
  PGLITE_WORK_MEM: pgSize.default(EMBEDDED_MEMORY_DEFAULTS.workMem),
  PGLITE_MAINTENANCE_WORK_MEM: pgSize.default(EMBEDDED_MEMORY_DEFAULTS.maintenanceWorkMem),
  PGLITE_TEMP_BUFFERS: pgSize.default(EMBEDDED_MEMORY_DEFAULTS.tempBuffers),
  PGLITE_WAL_BUFFERS: pgSize.default(EMBEDDED_MEMORY_DEFAULTS.walBuffers),
  /** Bytes of statements waiting for the database thread; past it one is refused with 503 (issue 29). */
  PGLITE_QUEUE_MAX_BYTES: envInt(64 * 1024, 1024 * 1024 * 1024).default(QUEUE_MAX_BYTES_DEFAULT),
  /** V8's optimising compiler for the embedded database's WebAssembly (db/pglite-wasm.ts, decision 067). */
  PGLITE_WASM_OPTIMIZE: envFlag.default(false),
};

type DatabaseEnv = z.infer<z.ZodObject<typeof databaseEnvSchema>>;

/** PostgreSQL when DATABASE_URL is set, else the embedded database under DATA_DIR/db. */
export const databaseTargetOf = (e: DatabaseEnv, dataDir: string): DatabaseTarget =>
  e.DATABASE_URL
    ? { driver: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
    : {
        driver: 'pglite',
        dataDir: resolve(dataDir, 'db'),
        thread: e.PGLITE_THREAD,
        memory: {
          sharedBuffers: e.PGLITE_SHARED_BUFFERS,
          workMem: e.PGLITE_WORK_MEM,
          maintenanceWorkMem: e.PGLITE_MAINTENANCE_WORK_MEM,
          tempBuffers: e.PGLITE_TEMP_BUFFERS,
          walBuffers: e.PGLITE_WAL_BUFFERS,
        },
        queueMaxBytes: e.PGLITE_QUEUE_MAX_BYTES,
        wasmOptimizing: e.PGLITE_WASM_OPTIMIZE,
      };
