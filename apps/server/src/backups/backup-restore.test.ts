/**
 * Backup and restore through the real code on real databases (issue 28 item 2): a backup of each driver
 * restores onto the other with every row and every file's bytes; a truncated archive, a wrong passphrase and
 * a target that is not empty are refused with their message, the target unchanged.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupMessages } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTarget, fullFingerprint } from '../../test/backups';
import { type Driver, drivers, startServer, type TestServer } from '../../test/server';
import { diskBlobStore } from '../files/disk-blob-store';
import { BackupRefusal } from './backup-refusal';
import { NOT_BACKED_UP, readSequences, tablesWithRows } from './database-dump';
import { restoreBackup } from './restore-backup';
import { writeBackup } from './write-backup';

const PASSPHRASE = 'correct horse battery staple';
const other = (driver: Driver): Driver => (driver === 'pglite' ? 'postgres' : 'pglite');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BackupRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe.each(drivers)('backup and restore from %s', (driver) => {
  let source: TestServer;
  let dir: string;
  let plain: string;
  let encrypted: string;
  /** The source's tables just before and just after the backups: a snapshot in between is one or the other. */
  let before: Record<string, string>;
  let after: Record<string, string>;
  const skip = new Set([...NOT_BACKED_UP, 'outbox', 'session']);

  beforeAll(async () => {
    source = await startServer(driver);
    dir = mkdtempSync(join(tmpdir(), 'yuexun-backups-'));
    plain = join(dir, 'plain.tar.gz');
    encrypted = join(dir, 'secret.tar.gz.enc');
    await source.app.viewCounter.flush();
    before = await fullFingerprint(source.app.database, skip);
    await writeBackup({ database: source.app.database, blobs: source.app.blobs, file: plain });
    await writeBackup({
      database: source.app.database,
      blobs: source.app.blobs,
      file: encrypted,
      passphrase: PASSPHRASE,
    });
    after = await fullFingerprint(source.app.database, skip);
  }, 120_000);
  afterAll(() => source.close());

  it('writes complete archives only: no temporary file is left, and an existing file is never overwritten', async () => {
    expect(readdirSync(dir).sort()).toEqual(['plain.tar.gz', 'secret.tar.gz.enc']);
    const refusal = await refusalOf(
      writeBackup({ database: source.app.database, blobs: source.app.blobs, file: plain }),
    );
    expect(refusal.reason).toBe('output-exists');
    expect(readdirSync(dir).sort()).toEqual(['plain.tar.gz', 'secret.tar.gz.enc']);
  });

  it.each([
    ['unencrypted', () => plain, undefined],
    ['encrypted', () => encrypted, PASSPHRASE],
  ])(
    `restores the %s archive onto ${other(driver)} with every row and file`,
    async (_, file, passphrase) => {
      const target = await emptyTarget(other(driver));
      try {
        const blobs = diskBlobStore(join(target.dataDir, 'files'));
        const done = await restoreBackup({ database: target.database, blobs, file: file(), passphrase });
        expect(done.files).toBeGreaterThan(0);
        expect(done.manifest.sourceDriver).toBe(driver);
        const restored = await fullFingerprint(target.database, skip);
        expect(Object.keys(restored)).toEqual(Object.keys(before));
        for (const [table, print] of Object.entries(restored))
          expect([before[table], after[table]]).toContain(print);
        // The content the round trip is about did not move while the backups were taken.
        for (const table of ['article', 'product', 'customer_intention', 'file', 'account', 'category'])
          expect(restored[table]).toBe(before[table]);
        for (const f of done.manifest.files) {
          const body = await blobs.get(f.uuid);
          const chunks: Buffer[] = [];
          for await (const chunk of body ?? []) chunks.push(chunk as Buffer);
          expect(sha(Buffer.concat(chunks))).toBe(f.sha256);
        }
        // Sequences continue where the source stood: a new row does not collide with a restored one.
        expect(await readSequences(target.database.db)).toEqual(await readSequences(source.app.db));
      } finally {
        await target.database.close();
      }
    },
    120_000,
  );

  it('refuses a truncated archive, a wrong passphrase, a missing passphrase and a non-empty target; the target is unchanged', async () => {
    const target = await emptyTarget(other(driver));
    try {
      const blobs = diskBlobStore(join(target.dataDir, 'files'));
      const restore = (file: string, passphrase?: string) =>
        refusalOf(restoreBackup({ database: target.database, blobs, file, passphrase }));

      const cut = join(dir, 'cut.tar.gz');
      writeFileSync(cut, readFileSync(plain));
      truncateSync(cut, Math.floor(statSync(plain).size * 0.7));
      const cutEncrypted = join(dir, 'cut.tar.gz.enc');
      writeFileSync(cutEncrypted, readFileSync(encrypted));
      truncateSync(cutEncrypted, statSync(encrypted).size - 100);
      const flipped = join(dir, 'flipped.tar.gz.enc');
      const bytes = readFileSync(encrypted);
      const middle = Math.floor(bytes.length / 2);
      bytes.writeUInt8(bytes.readUInt8(middle) ^ 1, middle);
      writeFileSync(flipped, bytes);

      for (const file of [cut, cutEncrypted, flipped]) {
        const refusal = await restore(file, PASSPHRASE);
        expect(refusal.reason).toBe('damaged');
        expect(refusal.message).toContain(backupMessages.refused.damaged);
      }
      expect((await restore(encrypted, 'not the passphrase at all')).message).toContain(
        backupMessages.refused['wrong-passphrase'],
      );
      expect((await restore(encrypted)).reason).toBe('passphrase-missing');
      // Nothing was created: not even the schema.
      expect(await tablesWithRows(target.database.db)).toEqual([]);
      expect(Object.keys(await fullFingerprint(target.database))).toEqual([]);
      expect(readdirSync(target.dataDir)).toEqual([]);

      // The source itself is a non-empty target.
      const before = await fullFingerprint(source.app.database);
      const refusal = await refusalOf(
        restoreBackup({ database: source.app.database, blobs: source.app.blobs, file: plain }),
      );
      expect(refusal.reason).toBe('not-empty');
      expect(refusal.message).toContain(backupMessages.refused['not-empty']);
      expect(await fullFingerprint(source.app.database)).toEqual(before);
    } finally {
      await target.database.close();
    }
  }, 120_000);
});
