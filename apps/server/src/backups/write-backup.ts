/**
 * Writes one backup archive: backup.json, the database's tables (one consistent snapshot), every file of the
 * `file` table, and manifest.json last (decision 045). streamBackup streams it into any sink (a file, or the
 * object store's upload: archive-store.ts). writeBackup writes a file under a temporary name in the target
 * directory, synced and renamed only when complete, so a backup killed at any moment leaves nothing that
 * looks like a finished archive (only a `.….tmp` that the next scheduled run clears away).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { queryRows } from '../db/client';
import { encryptStream } from './archive-crypto';
import { TarWriter } from './archive-tar';
import { BackupRefusal } from './backup-refusal';
import { listTables, NOT_BACKED_UP, readSequences, tableRows } from './database-dump';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveHead,
  fileEntry,
  HEAD_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  SEQUENCES_ENTRY,
  tableEntry,
} from './manifest';
import { databaseMigration, productVersion } from './versions';

/** The part of a blob store a backup and a restore use (the disk store and an object store both fit). */
export interface BackupBlobs {
  get(key: string): Promise<Readable | null>;
  put(key: string, body: Readable): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A database entry is cut into parts of about this size, so no table is ever held in memory whole. */
const PART_BYTES = 8 * 1024 * 1024;

export interface WrittenBackup {
  manifest: Manifest;
  bytes: number;
}

/** Where a temporary archive for `file` is written; `.tmp` and a leading dot say it is not a backup. */
export const isTemporaryArchive = (name: string) => name.startsWith('.') && name.endsWith('.tmp');

const fsyncPath = async (path: string) => {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

const dumpDatabase = async (tx: Db, tar: TarWriter, manifest: Manifest) => {
  const tables = (await listTables(tx)).filter((t) => !NOT_BACKED_UP.has(t.name));
  let index = 0;
  for (const table of tables) {
    index++;
    let rows = 0;
    let part = 0;
    let lines: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!lines.length) return;
      const name = tableEntry(index, table.name, ++part);
      const body = Buffer.from(`${lines.join('\n')}\n`);
      manifest.entries[name] = await tar.add(name, body.length, body);
      lines = [];
      bytes = 0;
    };
    for await (const batch of tableRows(tx, table.name)) {
      for (const line of batch) {
        lines.push(line);
        bytes += line.length + 1;
        rows++;
      }
      if (bytes >= PART_BYTES) await flush();
    }
    await flush();
    manifest.tables.push({ name: table.name, rows });
  }
  const sequences = await readSequences(tx);
  const body = Buffer.from(JSON.stringify(sequences));
  manifest.entries[SEQUENCES_ENTRY] = await tar.add(SEQUENCES_ENTRY, body.length, body);
  manifest.sequences = sequences.length;
  return queryRows<{ uuid: string }>(tx, sql`select uuid from file order by uuid`);
};

/** Copies one blob to a spool file (its size must be known before its tar header), hashing it on the way. */
const spoolBlob = async (body: Readable, spool: string) => {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(spool),
  );
  return { size, sha256: hash.digest('hex') };
};

/** What a backup reads, and how it is encrypted and stopped. */
export interface BackupSource {
  database: Database;
  blobs: BackupBlobs;
  passphrase?: string | undefined;
  /** Stops the backup (the server is shutting down): the sink's stream fails, nothing complete is left. */
  signal?: AbortSignal | undefined;
}

/**
 * Streams the archive into `sink`, which must consume it (and fail on any error of the stream); `spool` is a
 * temporary file holding one blob at a time. When the sink fails, the writing stops at once and its error is
 * the one thrown (it says why the target refused).
 */
export const streamBackup = async (
  options: BackupSource & { spool: string; sink: (archive: Readable) => Promise<void> },
): Promise<WrittenBackup> => {
  const { database, blobs, passphrase, signal, spool, sink } = options;
  const tarOut = new PassThrough();
  const archive = new PassThrough();
  let bytes = 0;
  const count = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      bytes += chunk.length;
      yield chunk;
    }
  };
  const encoded = passphrase
    ? pipeline(tarOut, createGzip({ level: 6 }), await encryptStream(passphrase), count, archive)
    : pipeline(tarOut, createGzip({ level: 6 }), count, archive);
  let sinkError: unknown = null;
  /** Set once the writer failed on its own: the sink's errors after that are only its consequence. */
  let failing = false;
  const stored = sink(archive).catch((error: unknown) => {
    if (!failing) sinkError ??= error;
    // The writer would otherwise wait for ever on a stream nobody reads.
    tarOut.destroy();
    throw error;
  });
  const written = Promise.all([encoded, stored]);
  // Surfaced where the writer awaits; kept from being an unhandled rejection meanwhile.
  written.catch(() => {});
  const tar = new TarWriter(tarOut);
  try {
    const head: ArchiveHead = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      productVersion: productVersion(),
      schemaMigration: await databaseMigration(database.db),
      createdAt: new Date().toISOString(),
      sourceDriver: database.driver,
    };
    const manifest: Manifest = {
      ...head,
      tables: [],
      sequences: 0,
      files: [],
      missingFiles: [],
      entries: {},
    };
    const headBody = Buffer.from(JSON.stringify(head, null, 2));
    await tar.add(HEAD_ENTRY, headBody.length, headBody);
    // One snapshot for every table: rows that belong together are backed up together.
    const files = await database.db.transaction((tx) => dumpDatabase(tx, tar, manifest), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    // Files are read after the snapshot, outside it: their bytes never change under a uuid, and the
    // embedded database (one transaction at a time) is not held while they are copied.
    for (const { uuid } of files) {
      signal?.throwIfAborted();
      const body = await blobs.get(uuid);
      if (!body) {
        manifest.missingFiles.push(uuid);
        continue;
      }
      const { size, sha256 } = await spoolBlob(body, spool);
      const entrySum = await tar.add(fileEntry(uuid), size, createReadStream(spool));
      if (entrySum !== sha256) throw new Error(`file ${uuid} changed while it was being backed up`);
      manifest.files.push({ uuid, size, sha256 });
    }
    const manifestBody = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add(MANIFEST_ENTRY, manifestBody.length, manifestBody);
    await tar.finish();
    await written;
    return { manifest, bytes };
  } catch (error) {
    failing = true;
    tarOut.destroy();
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    await Promise.allSettled([encoded, stored]);
    throw sinkError ?? error;
  } finally {
    await rm(spool, { force: true });
  }
};

export const writeBackup = async (options: BackupSource & { file: string }): Promise<WrittenBackup> => {
  const { file } = options;
  if (
    await access(file).then(
      () => true,
      () => false,
    )
  )
    throw new BackupRefusal('output-exists', file);
  const stem = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}`);
  const temp = `${stem}.tmp`;
  try {
    const done = await streamBackup({
      ...options,
      spool: `${stem}.spool.tmp`,
      sink: (archive) => pipeline(archive, createWriteStream(temp, { flags: 'wx' })),
    });
    await fsyncPath(temp);
    await rename(temp, file);
    await fsyncPath(dirname(file));
    return { manifest: done.manifest, bytes: (await stat(file)).size };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
};
