/**
 * `npm run files:migrate`: every recorded file from the disk store into the object store. Each source is
 * checked against the SHA-256 recorded at upload, and each object is read back and hashed after it is
 * written. An object already in the bucket whose bytes hash right is left alone, so a run that stopped
 * (store down, Ctrl-C) resumes where it was when run again, and a run after switching instances to the
 * bucket copies what was uploaded to disk in between. Picture copies are not moved: they are drawn again.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import type { BlobStore } from './blob-store-interface';

export interface MigrationReport {
  /** Files the database records. */
  total: number;
  copied: number;
  /** Already in the object store with the right bytes (an earlier run). */
  alreadyThere: number;
  /** Recorded but not on disk. */
  missing: string[];
  /** On disk (or read back from the bucket) with other bytes than recorded; not left in the bucket. */
  mismatched: string[];
}

const hashOf = async (body: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The object's SHA-256, or null when the store holds nothing under the key. */
const storedHash = async (store: BlobStore, uuid: string) => {
  const body = await store.get(uuid);
  return body ? hashOf(body) : null;
};

/** Files copied at once: enough to hide the store's latency, few enough for a small machine. */
const PARALLEL = 4;

export const migrateFiles = async (options: {
  db: Db;
  from: BlobStore;
  to: BlobStore;
  /** One line per problem and a progress line now and then. */
  log: (line: string) => void;
}): Promise<MigrationReport> => {
  const { db, from, to, log } = options;
  const rows = await db
    .select({ uuid: file.uuid, sha256: file.sha256, name: file.name })
    .from(file)
    .orderBy(asc(file.uuid));
  const report: MigrationReport = {
    total: rows.length,
    copied: 0,
    alreadyThere: 0,
    missing: [],
    mismatched: [],
  };

  const migrateOne = async (row: (typeof rows)[number]) => {
    if ((await storedHash(to, row.uuid)) === row.sha256) {
      report.alreadyThere += 1;
      return;
    }
    const source = await from.get(row.uuid);
    if (!source) {
      report.missing.push(row.uuid);
      log(`missing on disk: ${row.uuid} (${row.name})`);
      return;
    }
    if ((await hashOf(source)) !== row.sha256) {
      report.mismatched.push(row.uuid);
      log(`not copied, the bytes on disk differ from the recorded checksum: ${row.uuid} (${row.name})`);
      return;
    }
    await to.put(row.uuid, (await from.get(row.uuid)) as Readable);
    if ((await storedHash(to, row.uuid)) !== row.sha256) {
      await to.delete(row.uuid);
      report.mismatched.push(row.uuid);
      log(`removed again, the object read back differs from the recorded checksum: ${row.uuid}`);
      return;
    }
    report.copied += 1;
  };

  let next = 0;
  let done = 0;
  let stopped: unknown = null;
  const worker = async () => {
    while (next < rows.length && !stopped) {
      const row = rows[next++] as (typeof rows)[number];
      try {
        await migrateOne(row);
      } catch (error) {
        // The store stopped answering: the others finish the file in hand and take no more.
        stopped ??= error;
        return;
      }
      done += 1;
      if (done % 100 === 0) log(`${done} of ${rows.length} files checked`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, worker));
  if (stopped) throw stopped;
  return report;
};
