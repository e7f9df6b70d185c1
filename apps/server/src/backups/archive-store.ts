/**
 * Where the server's backups live (BACKUP_STORE, decision 045): a directory (BACKUP_DIR) or the object store's
 * bucket under backups/. The scheduled run, 立即备份, retention and the download all go through this; the
 * command line (`npm run backup -- FILE`) always writes a file.
 */

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';
import { StoreUnavailableError } from '../shared/errors';
import { type ObjectStore, openS3Store } from '../shared/platforms/s3';
import type { S3Config } from '../shared/platforms/s3-config';
import {
  type BackupSource,
  isTemporaryArchive,
  streamBackup,
  type WrittenBackup,
  writeBackup,
} from './write-backup';

export interface ArchiveStore {
  /** Shown in the console and in the failure alert: the directory, or s3://bucket/backups/. */
  where: string;
  /** Clears what a killed run left (only ever temporary names); runs under the backup lock. */
  prepare(): Promise<void>;
  exists(name: string): Promise<boolean>;
  write(name: string, source: BackupSource): Promise<WrittenBackup>;
  /** The archive's size, or null when it is not there. */
  size(name: string): Promise<number | null>;
  open(name: string): Promise<Readable | null>;
  remove(name: string): Promise<void>;
}

const BACKUP_PREFIX = 'backups/';

export const dirArchiveStore = (dir: string): ArchiveStore => ({
  where: dir,
  prepare: async () => {
    await mkdir(dir, { recursive: true });
    // Under the lock no other backup runs: a temporary file here is a killed backup's.
    for (const name of await readdir(dir))
      if (isTemporaryArchive(name)) await rm(join(dir, name), { force: true });
  },
  exists: async (name) => Boolean(await stat(join(dir, name)).catch(() => null)),
  write: (name, source) => writeBackup({ ...source, file: join(dir, name) }),
  size: async (name) => (await stat(join(dir, name)).catch(() => null))?.size ?? null,
  open: async (name) => createReadStream(join(dir, name)),
  remove: (name) => rm(join(dir, name), { force: true }),
});

/**
 * Archives in the bucket. The upload is the object store's own put: one PUT, or a multipart upload completed
 * only after the last part, so an interrupted backup never leaves an object under backups/ (parts of a killed
 * multipart upload stay invisible until the bucket's lifecycle rule aborts them).
 */
export const s3ArchiveStore = (store: ObjectStore, bucket: string): ArchiveStore => ({
  where: `s3://${bucket}/${BACKUP_PREFIX}`,
  // A listing first: it fails before the database is read, and its error names the setting at fault
  // (a HEAD's bare 403 cannot tell a wrong secret from a key without access).
  prepare: async () => {
    const fault = await store.probe();
    if (fault) throw new StoreUnavailableError(`object store not usable: ${fault}`);
  },
  exists: async (name) => (await store.head(BACKUP_PREFIX + name)) !== null,
  write: (name, source) =>
    streamBackup({
      ...source,
      // One blob at a time is spooled (its size goes before it in the archive); the archive itself is not.
      spool: join(tmpdir(), `.yuexun-backup-${randomBytes(6).toString('hex')}.spool.tmp`),
      sink: (archive) => store.put(BACKUP_PREFIX + name, archive, 'application/octet-stream'),
    }),
  size: async (name) => (await store.head(BACKUP_PREFIX + name))?.size ?? null,
  open: (name) => store.get(BACKUP_PREFIX + name),
  remove: (name) => store.delete(BACKUP_PREFIX + name),
});

/**
 * The store the configuration names, read at each use (tests point an instance elsewhere); the S3 client is
 * opened once per S3 setting and closed with the server.
 */
export const archiveStores = () => {
  let opened: { config: S3Config; store: ObjectStore } | null = null;
  const bucket = async (config: S3Config) => {
    if (opened?.config !== config) {
      opened?.store.close();
      opened = { config, store: await openS3Store(config) };
    }
    return opened.store;
  };
  return {
    of: async (config: Pick<AppConfig, 'backup' | 's3'>): Promise<ArchiveStore> => {
      if (config.backup.store !== 's3') return dirArchiveStore(config.backup.dir);
      if (!config.s3) throw new Error('BACKUP_STORE is s3 but the S3_* settings are missing');
      return s3ArchiveStore(await bucket(config.s3), config.s3.bucket);
    },
    close: () => opened?.store.close(),
  };
};

/** Where the archives go, for the console (no store opened). */
export const archiveLocation = (config: Pick<AppConfig, 'backup' | 's3'>) =>
  config.backup.store === 's3' && config.s3 ? `s3://${config.s3.bucket}/${BACKUP_PREFIX}` : config.backup.dir;
