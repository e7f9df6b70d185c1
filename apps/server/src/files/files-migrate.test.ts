/**
 * files:migrate against a real S3-compatible server: a disk store with 50 uploads (and the demo files) moves to
 * the bucket with every checksum matching, on both databases; a run the store stopped half-way resumes; a file
 * missing or changed on disk is reported and not copied; the npm script itself, as an operator runs it.
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileUrls } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, sessionOf } from '../../test/accounts';
import { fileClient, image, sha256, UPLOAD_LIMIT } from '../../test/files';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { drivers, startServer, type TestServer } from '../../test/server';
import { file } from '../db/schema';
import { openS3Store } from '../shared/platforms/s3';
import { diskBlobStore } from './disk-blob-store';
import { migrateFiles } from './files-migrate';
import { s3BlobStore } from './s3-blob-store';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../../..');

describe.each(drivers)('files:migrate on %s', (driver) => {
  let s3: S3TestServer;
  let disk: TestServer;
  let user: string;
  const uploaded = new Map<string, string>();
  beforeAll(async () => {
    s3 = await startS3Server();
    disk = await startServer(driver, { uploadMaxBytes: UPLOAD_LIMIT });
    user = await sessionOf(disk, 'user');
    const { upload } = fileClient(() => disk);
    for (let i = 0; i < 50; i++) {
      const bytes =
        i % 5 === 0
          ? await image(i % 10 === 0 ? 'png' : 'jpeg')
          : Buffer.from(`第 ${i} 份材料\n${'内容'.repeat(i * 40)}\n`);
      const name = i % 5 === 0 ? `照片-${i}.${i % 10 === 0 ? 'png' : 'jpg'}` : `材料-${i}.txt`;
      const { body } = await upload(bytes, name, { sid: user });
      uploaded.set(body.data[0].fileUuid, sha256(bytes));
    }
  }, 180_000);
  afterAll(async () => {
    await disk?.close();
    await s3?.close();
  });

  const migrate = async (log: string[] = []) => {
    const bucket = await openS3Store(s3.config());
    try {
      return await migrateFiles({
        db: disk.app.db,
        from: diskBlobStore(join(disk.app.config.dataDir, 'files')),
        to: s3BlobStore(bucket),
        log: (line) => log.push(line),
      });
    } finally {
      bucket.close();
    }
  };

  it('a run the store stops half-way, run again, moves all 50 uploads and the demo files, every checksum matching', async () => {
    const rows = await disk.app.db.select({ uuid: file.uuid, sha256: file.sha256 }).from(file);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    s3.failAfterWrites(20, 'unavailable');
    try {
      await expect(migrate()).rejects.toThrow(/object store (read|write) failed/);
    } finally {
      s3.failWith(null);
    }
    const firstRun = new Set(s3.writes());
    expect(firstRun.size).toBeGreaterThanOrEqual(20);

    const report = await migrate();
    expect(report).toEqual({
      total: rows.length,
      copied: rows.length - firstRun.size,
      alreadyThere: firstRun.size,
      missing: [],
      mismatched: [],
    });
    // Nothing written twice: the resumed run skipped what the first had verified.
    expect(s3.writes().length).toBe(rows.length);

    // Every object in the bucket hashes to what the database recorded, and to what was uploaded.
    const bucket = s3BlobStore(await openS3Store(s3.config()));
    for (const row of rows) {
      const body = await bucket.get(row.uuid);
      const chunks: Buffer[] = [];
      for await (const chunk of body ?? []) chunks.push(chunk as Buffer);
      expect(sha256(Buffer.concat(chunks)), row.uuid).toBe(row.sha256);
    }
    for (const [uuid, hash] of uploaded) expect(rows.find((r) => r.uuid === uuid)?.sha256).toBe(hash);

    // A third run copies nothing.
    expect(await migrate()).toMatchObject({ copied: 0, alreadyThere: rows.length });

    // An instance on the bucket serves them, byte for byte.
    const onS3 = await startServer(
      driver,
      s3.overrides(),
      driver === 'postgres' ? { databaseUrl: disk.databaseUrl } : { database: disk.app.database },
    );
    try {
      const { get } = fileClient(() => onS3);
      for (const [uuid, hash] of [...uploaded].slice(0, 10)) {
        const got = await get(fileUrls.download(uuid), cookieHeader(await sessionOf(onS3, 'user')));
        expect(got.status).toBe(200);
        expect(sha256(got.bytes)).toBe(hash);
      }
    } finally {
      await onS3.close();
    }
  }, 180_000);

  it('a file missing or changed on disk is named, not copied, and the run says so', async () => {
    const [gone, changed] = [...uploaded.keys()].slice(-2) as [string, string];
    const bucket = s3BlobStore(await openS3Store(s3.config()));
    await bucket.delete(gone);
    await bucket.delete(changed);
    const root = join(disk.app.config.dataDir, 'files');
    const pathOf = (uuid: string) => join(root, uuid.slice(0, 2), uuid.slice(2, 4), uuid);
    await rm(pathOf(gone));
    await writeFile(pathOf(changed), 'not what was uploaded');
    const log: string[] = [];
    const report = await migrate(log);
    expect(report.missing).toEqual([gone]);
    expect(report.mismatched).toEqual([changed]);
    expect(report.copied).toBe(0);
    expect(await bucket.exists(gone)).toBe(false);
    expect(await bucket.exists(changed)).toBe(false);
    expect(log.join('\n')).toContain(`missing on disk: ${gone}`);
    expect(log.join('\n')).toContain(`differ from the recorded checksum: ${changed}`);
  }, 120_000);

  // The command opens the database itself: only PostgreSQL lets it do so beside the running server (the
  // embedded database's folder is locked by the server that owns it).
  if (driver === 'postgres')
    it('npm run files:migrate, as an operator runs it', async () => {
      const env = {
        ...process.env,
        ...s3.env(),
        DATABASE_URL: disk.databaseUrl ?? '',
        DATA_DIR: disk.app.config.dataDir,
        LOG_LEVEL: 'silent',
      };
      const failed = await run('npm', ['run', 'files:migrate'], { cwd: ROOT, env }).catch(
        (error: { code: number; stdout: string }) => error,
      );
      // The two files broken above keep it failing, and it says which.
      expect((failed as { code: number }).code).toBe(1);
      expect((failed as { stdout: string }).stdout, (failed as { stderr: string }).stderr).toMatch(
        /1 missing on disk, 1 with a wrong checksum/,
      );

      const refused = await run('npm', ['run', '--silent', 'files:migrate'], {
        cwd: ROOT,
        env: { ...env, BLOB_STORE: 'disk' },
      }).catch((error: { code: number; stderr: string }) => error);
      expect((refused as { stderr: string }).stderr).toContain('set BLOB_STORE=s3');
    }, 120_000);
});
