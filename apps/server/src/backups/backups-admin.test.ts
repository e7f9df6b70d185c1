/**
 * 备份 in the console, through the real server on both drivers: 立即备份 runs through the outbox and the list
 * shows the archive with its size; the archive downloads and checks out; a second 立即备份 while one runs is
 * refused; the schedule can be changed (409 when stale); only backups.manage may call any of it; a failed
 * backup raises an alert on the enabled channels.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  actionPath,
  backupDownload,
  createAlertChannelAdmin,
  inquireAuditLogListAdmin,
  inquireBackupListAdmin,
  SITE_ID,
  startBackupAdmin,
  updateBackupSettingsAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { only } from '../../test/admin';
import { startAlertEnv } from '../../test/alert-env';
import { eventually, RECEIVER_SECRETS } from '../../test/alert-receivers';
import { drivers } from '../../test/server';
import { verifyArchive } from './restore-backup';

type Env = Awaited<ReturnType<typeof startAlertEnv>>;

const finished = (env: Env, id: number) =>
  eventually(async () => {
    const { runs } = only(await env.s.asAdmin(inquireBackupListAdmin, { siteId: SITE_ID }));
    const run = runs.find((r: { id: number }) => r.id === id);
    return run && (run.status === 'succeeded' || run.status === 'failed') ? run : false;
  }, 120_000);

describe.each(drivers)('备份 in the console (%s)', (driver) => {
  let env: Env;
  beforeAll(async () => {
    env = await startAlertEnv(driver);
  }, 60_000);
  afterAll(() => env.close());

  it('立即备份 writes an archive that lists with its size, downloads and checks out', async () => {
    const started = only(await env.s.asAdmin(startBackupAdmin, { siteId: SITE_ID }));
    expect(started.status).toBe('queued');
    const run = await finished(env, started.id);
    expect(run.status).toBe('succeeded');
    expect(run.sizeBytes).toBeGreaterThan(0);
    expect(run.fileName).toMatch(/^yuexun-backup-\d{8}-\d{6}.*\.tar\.gz$/);

    const res = await fetch(`${env.server.url}${backupDownload.path}?siteId=${SITE_ID}&backupId=${run.id}`, {
      headers: { cookie: `yx_sid=${env.s.adminSid}` },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(run.sizeBytes);
    const copy = join(env.server.app.config.dataDir, 'downloaded.tar.gz');
    writeFileSync(copy, bytes);
    const manifest = await verifyArchive(copy, undefined);
    expect(manifest.files.length).toBe(run.files);
  }, 180_000);

  it('only backups.manage: a member without it is refused every action and the download', async () => {
    for (const def of [inquireBackupListAdmin, startBackupAdmin]) {
      const { body } = await env.s.asUser(def, { siteId: SITE_ID });
      expect(body.status).toBe(403);
    }
    const res = await fetch(`${env.server.url}${backupDownload.path}?siteId=${SITE_ID}&backupId=1`, {
      headers: { cookie: `yx_sid=${env.s.userSid}` },
    });
    expect(((await res.json()) as { status: number }).status).toBe(403);
  });

  it('the schedule changes with its version; a stale version is 409; bad values are refused by name', async () => {
    const { settings } = only(await env.s.asAdmin(inquireBackupListAdmin, { siteId: SITE_ID }));
    expect(settings).toMatchObject({ schedule: 'daily', hour: 3, keep: 7, encrypted: false });
    const saved = only(
      await env.s.asAdmin(updateBackupSettingsAdmin, {
        siteId: SITE_ID,
        schedule: 'weekly',
        hour: 2,
        keep: 3,
        version: settings.version,
      }),
    );
    expect(saved.settings).toMatchObject({ schedule: 'weekly', hour: 2, keep: 3 });
    // 操作日志 says what changed, field by field, as for every other setting.
    const audit = await env.s.asAdmin(inquireAuditLogListAdmin, { siteId: SITE_ID, targetType: 'backup' });
    expect(audit.body.datas[0].detail.changes).toEqual({
      schedule: ['daily', 'weekly'],
      hour: [3, 2],
      keep: [7, 3],
    });
    const stale = await env.s.asAdmin(updateBackupSettingsAdmin, {
      siteId: SITE_ID,
      schedule: 'off',
      version: settings.version,
    });
    expect(stale.body.status).toBe(409);
    const bad = await env.s.asAdmin(updateBackupSettingsAdmin, {
      siteId: SITE_ID,
      schedule: 'daily',
      hour: 24,
      version: saved.settings.version,
    });
    expect(bad.body.status).toBe(400);
    expect(bad.body.errorMessage).toContain('备份时间');
  });

  it('a failed backup is listed with its error and raises an alert on the enabled channels', async () => {
    only(
      await env.s.asAdmin(createAlertChannelAdmin, {
        siteId: SITE_ID,
        kind: 'webhook',
        name: '运维',
        url: `${env.rx.url}/hooks/yuexun`,
        secret: RECEIVER_SECRETS.webhookSecret,
      }),
    );
    // The backup directory cannot be made: a file stands where it should be.
    writeFileSync(join(env.server.app.config.dataDir, 'blocked'), 'not a directory');
    env.server.app.config.backup.dir = join(env.server.app.config.dataDir, 'blocked', 'backups');
    const started = only(await env.s.asAdmin(startBackupAdmin, { siteId: SITE_ID }));
    const run = await finished(env, started.id);
    expect(run.status).toBe('failed');
    expect(run.error).toBeTruthy();
    const alert = await eventually(
      () =>
        env.rx.received.find(
          (r) => r.platform === 'webhook' && (r.body as { event?: string }).event === 'backup.failed',
        ),
      60_000,
    );
    expect((alert.body as { title: string }).title).toContain('备份失败');
  }, 180_000);
});

it('the download path is the contract path', () => {
  expect(backupDownload.path.startsWith(actionPath(inquireBackupListAdmin).split('/inquire')[0] ?? '')).toBe(
    true,
  );
});
