/**
 * Backups to the object store (BACKUP_STORE=s3) against a real S3-compatible server on 127.0.0.1 (s3rver with
 * a Signature V4 check), through the real server on both drivers: 立即备份 puts the archive in the bucket under
 * backups/, the list shows it with its size, the download is the object's bytes and restores onto an empty
 * target; retention deletes the oldest objects; a store that refuses fails the run with a Chinese reason and
 * raises the alert; BACKUP_STORE=s3 without the S3_* settings stops the start naming the missing one.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  backupDownload,
  createAlertChannelAdmin,
  inquireBackupListAdmin,
  SITE_ID,
  startBackupAdmin,
  updateBackupSettingsAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { only } from '../../test/admin';
import { startAlertEnv } from '../../test/alert-env';
import { eventually, RECEIVER_SECRETS } from '../../test/alert-receivers';
import { emptyTarget } from '../../test/backups';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { drivers } from '../../test/server';
import { loadConfig } from '../config';
import { diskBlobStore } from '../files/disk-blob-store';
import { type ObjectStore, openS3Store } from '../shared/platforms/s3';
import { restoreBackup } from './restore-backup';
import { streamBackup } from './write-backup';

type Env = Awaited<ReturnType<typeof startAlertEnv>>;
interface Run {
  id: number;
  status: string;
  fileName: string | null;
  sizeBytes: number | null;
  files: number | null;
  error: string | null;
}

const listRuns = async (env: Env): Promise<Run[]> =>
  only(await env.s.asAdmin(inquireBackupListAdmin, { siteId: SITE_ID })).runs;

/** 立即备份, then the run once it has finished. */
const backupNow = async (env: Env): Promise<Run> => {
  const started = only(await env.s.asAdmin(startBackupAdmin, { siteId: SITE_ID }));
  return eventually(async () => {
    const run = (await listRuns(env)).find((r) => r.id === started.id);
    return run && (run.status === 'succeeded' || run.status === 'failed') ? run : false;
  }, 120_000);
};

const download = (env: Env, id: number, sid = env.s.adminSid) =>
  fetch(`${env.server.url}${backupDownload.path}?siteId=${SITE_ID}&backupId=${id}`, {
    headers: { cookie: `yx_sid=${sid}` },
  });

describe.each(drivers)('backups in the object store (%s)', (driver) => {
  let s3: S3TestServer;
  let bucket: ObjectStore;
  let env: Env;
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = await openS3Store(s3.config());
    env = await startAlertEnv(driver);
    // Files stay on disk: only the archives go to the bucket (read by the server at each run).
    env.server.app.config.backup.store = 's3';
    env.server.app.config.s3 = s3.config();
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    bucket?.close();
    await s3?.close();
  });

  it('立即备份 puts the archive in the bucket; the list shows its size; the download is the object and restores', async () => {
    const run = await backupNow(env);
    expect(run.status).toBe('succeeded');
    expect(run.fileName).toMatch(/^yuexun-backup-\d{8}-\d{6}.*\.tar\.gz$/);
    const key = `backups/${run.fileName}`;
    expect(s3.writes()).toContain(key);
    expect(await bucket.head(key)).toEqual({ size: run.sizeBytes });
    expect(existsSync(env.server.app.config.backup.dir)).toBe(false);
    const { settings } = only(await env.s.asAdmin(inquireBackupListAdmin, { siteId: SITE_ID }));
    expect(settings.directory).toBe('s3://yuexun-test/backups/');

    const res = await download(env, run.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(run.fileName);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals((await bucket.read(key)) ?? Buffer.alloc(0))).toBe(true);
    // The download checks permission as for a directory.
    const refused = await download(env, run.id, env.s.userSid);
    expect(((await refused.json()) as { status: number }).status).toBe(403);

    const copy = join(env.server.app.config.dataDir, 'from-bucket.tar.gz');
    writeFileSync(copy, bytes);
    const target = await emptyTarget(driver);
    try {
      const blobs = diskBlobStore(join(target.dataDir, 'files'));
      const done = await restoreBackup({ database: target.database, blobs, file: copy });
      expect(done.files).toBe(run.files);
      expect(done.manifest.sourceDriver).toBe(driver);
    } finally {
      await target.database.close();
    }
  }, 240_000);

  it('retention deletes the oldest objects beyond the number kept', async () => {
    const { settings } = only(await env.s.asAdmin(inquireBackupListAdmin, { siteId: SITE_ID }));
    only(
      await env.s.asAdmin(updateBackupSettingsAdmin, {
        siteId: SITE_ID,
        schedule: settings.schedule,
        keep: 2,
        version: settings.version,
      }),
    );
    const runs: Run[] = [];
    for (let i = 0; i < 3; i++) runs.push(await backupNow(env));
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const kept = runs.slice(1).map((r) => `backups/${r.fileName}`);
    // Retention runs just after the run is marked 成功: wait for it rather than race it.
    const left = await eventually(async () => {
      const keys = (await bucket.list('backups/')).sort();
      return keys.length === kept.length ? keys : false;
    }, 30_000);
    expect(left).toEqual(kept.sort());
    const listed = (await listRuns(env)).filter((r) => r.status === 'succeeded').map((r) => r.id);
    expect(listed.sort()).toEqual(runs.slice(1).map((r) => r.id));
    const oldest = await download(env, runs[0]?.id ?? 0);
    expect(((await oldest.json()) as { status: number }).status).toBe(404);
  }, 240_000);

  it('a store that refuses (wrong secret) fails the run with a Chinese reason and raises the alert', async () => {
    only(
      await env.s.asAdmin(createAlertChannelAdmin, {
        siteId: SITE_ID,
        kind: 'webhook',
        name: '运维',
        url: `${env.rx.url}/hooks/yuexun`,
        secret: RECEIVER_SECRETS.webhookSecret,
      }),
    );
    const before = await bucket.list('backups/');
    env.server.app.config.s3 = s3.config({ secretAccessKey: 'not-the-secret' });
    try {
      const run = await backupNow(env);
      expect(run.status).toBe('failed');
      expect(run.error).toContain('备份无法写入对象存储');
      expect(run.error).toContain('S3_SECRET_ACCESS_KEY');
      const alert = await eventually(
        () =>
          env.rx.received.find(
            (r) => r.platform === 'webhook' && (r.body as { event?: string }).event === 'backup.failed',
          ),
        60_000,
      );
      expect((alert.body as { title: string }).title).toContain('备份失败');
      // Nothing half-written appeared in the bucket.
      expect((await bucket.list('backups/')).sort()).toEqual(before.sort());
    } finally {
      env.server.app.config.s3 = s3.config();
    }
  }, 240_000);

  it('an upload that fails half-way stops the backup with the error of the upload, without hanging', async () => {
    const spool = join(env.server.app.config.dataDir, '.sink-test.spool.tmp');
    const written = streamBackup({
      database: env.server.app.database,
      blobs: env.server.app.blobs,
      spool,
      sink: async (archive) => {
        for await (const _ of archive) throw new Error('the store went away');
      },
    });
    await expect(written).rejects.toThrow('the store went away');
    expect(existsSync(spool)).toBe(false);
  }, 60_000);
});

describe('BACKUP_STORE settings', () => {
  it.each([
    [{ BACKUP_STORE: 's3' }, 'S3_BUCKET is required when BACKUP_STORE is s3'],
    [
      { BACKUP_STORE: 's3', S3_BUCKET: 'backups-bucket', S3_ACCESS_KEY_ID: 'AK' },
      'S3_SECRET_ACCESS_KEY is required when BACKUP_STORE is s3',
    ],
    [{ BACKUP_STORE: 'oss' }, 'BACKUP_STORE must be dir or s3'],
  ])('a start-up with %o stops with one line naming the setting', (env, line) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${line}`);
  });

  it('dir is the default; s3 takes the S3_* settings even with files on disk', () => {
    expect(loadConfig({}).backup.store).toBe('dir');
    const config = loadConfig({
      BACKUP_STORE: 's3',
      S3_BUCKET: 'backups-bucket',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
      S3_REGION: 'cn-hangzhou',
    });
    expect(config).toMatchObject({
      blobStore: 'disk',
      backup: { store: 's3' },
      s3: { bucket: 'backups-bucket' },
    });
  });
});
