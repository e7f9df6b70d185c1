/**
 * The embedded database's memory (issue 29, decision 041). PGlite is PostgreSQL in a WebAssembly memory that
 * only grows: whatever PostgreSQL once allocates stays resident until the process ends. PostgreSQL's own
 * defaults are sized for a dedicated server (128 MB of shared buffers, 64 MB for VACUUM and index builds), so
 * they are set here for a small rented server, each one raisable through the environment (README,
 * configuration). Sizes are PostgreSQL's own units (`kB`, `MB`, `GB`). The WebAssembly memory itself cannot
 * start smaller than PGlite's module declares (128 MB, its `initialMemory` default and floor), but pages
 * PostgreSQL never touches are never resident: what counts is what these settings let it touch.
 */

export interface EmbeddedMemory {
  /** Pages kept in memory (`shared_buffers`): the demo database is about 30 MB of tables and indexes. */
  sharedBuffers: string;
  /** Per sort or hash in a query (`work_mem`); PGlite runs one query at a time. */
  workMem: string;
  /** VACUUM (the hourly upkeep), CREATE INDEX and migrations (`maintenance_work_mem`). */
  maintenanceWorkMem: string;
  /** Temporary tables (`temp_buffers`); the server makes none. */
  tempBuffers: string;
  /** Write-ahead log not yet written (`wal_buffers`). */
  walBuffers: string;
}

export const EMBEDDED_MEMORY_DEFAULTS: EmbeddedMemory = {
  sharedBuffers: '32MB',
  workMem: '4MB',
  maintenanceWorkMem: '16MB',
  tempBuffers: '2MB',
  walBuffers: '1MB',
};

/** A PostgreSQL memory size as the settings take it: a whole number and kB, MB or GB. */
export const PG_MEMORY_SIZE = /^[1-9]\d{0,6}(kB|MB|GB)$/;

/**
 * The `-c` settings PGlite starts PostgreSQL with, after PGlite's own (single-user mode, no parallel
 * workers). max_connections: PostgreSQL sizes its lock and process tables in shared memory for every
 * connection it may have; PGlite has one, and the reserved slots for background and WAL-sender processes
 * that never run here.
 */
export const embeddedStartParams = (defaults: readonly string[], memory: EmbeddedMemory) => [
  ...defaults,
  ...[
    `shared_buffers=${memory.sharedBuffers}`,
    `work_mem=${memory.workMem}`,
    `maintenance_work_mem=${memory.maintenanceWorkMem}`,
    `temp_buffers=${memory.tempBuffers}`,
    `wal_buffers=${memory.walBuffers}`,
    'max_connections=4',
    'max_wal_senders=0',
    'max_replication_slots=0',
    'autovacuum_worker_slots=1',
  ].flatMap((setting) => ['-c', setting]),
];

const UNIT_BYTES = { kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;
/** Bytes of a PostgreSQL memory size such as `32MB`. */
export const pgSizeBytes = (size: string) => {
  const [, n, unit] = size.match(/^(\d+)(kB|MB|GB)$/) ?? [];
  return Number(n) * (UNIT_BYTES[unit as keyof typeof UNIT_BYTES] ?? 0);
};

/** PGlite's WebAssembly memory never starts smaller than this (its module declares it). */
export const WASM_FLOOR_BYTES = 128 * 1024 ** 2;
/**
 * What PostgreSQL holds besides the settings below, for this schema: its static data, the catalog and plan
 * caches for our tables and the prepared statements (at most 300, pglite-prepared.ts), measured.
 */
export const POSTGRES_BASE_BYTES = 96 * 1024 ** 2;

/**
 * The most the WebAssembly memory grows to with these settings (README, configuration): PostgreSQL's base,
 * shared and WAL buffers, temporary buffers, one maintenance task (VACUUM, an index build) and up to four
 * sorts or hashes in one query (PGlite runs one query at a time); never less than PGlite's starting size.
 */
export const embeddedMemoryBound = (memory: EmbeddedMemory) =>
  Math.max(
    WASM_FLOOR_BYTES,
    POSTGRES_BASE_BYTES +
      pgSizeBytes(memory.sharedBuffers) +
      pgSizeBytes(memory.walBuffers) +
      pgSizeBytes(memory.tempBuffers) +
      pgSizeBytes(memory.maintenanceWorkMem) +
      4 * pgSizeBytes(memory.workMem),
  );

/** Default bound of the statements waiting for the database thread (PGLITE_QUEUE_MAX_BYTES; README, Memory). */
export const QUEUE_MAX_BYTES_DEFAULT = 16 * 1024 * 1024;
