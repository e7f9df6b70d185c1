/**
 * Backups inside the server (decision 045): the outbox runs them, one at a time over every instance.
 * `backup.run` executes a run queued by 立即备份; the recurring `backup.schedule` (every 10 minutes) makes and
 * executes the scheduled run when its slot has passed. A run writes its archive to BACKUP_DIR, deletes the
 * archives beyond the number kept, reports the last success to /metrics, and on failure records the error and
 * raises an alert on every enabled channel (app.alerts.queueNotice). The archive downloads from
 * GET downloadBackupAdmin.file. Restore is a command (README "Restore").
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BACKUP_RUN_KIND,
  BACKUP_SCHEDULE_KIND,
  BusinessCode,
  backupDownload,
  backupMessages,
  fail,
} from '@yuexun/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { backupRun } from '../db/schema';
import { defineRoute } from '../http/route';
import { actorOf, recordAudit } from '../shared/audit';
import { PermanentError } from '../shared/outbox';
import { ARCHIVE_NAME, archiveFileName } from './archive-name';
import { dueScheduledRun, readBackupSettings } from './backups.service';
import { isTemporaryArchive, writeBackup } from './write-backup';

/** Advisory-lock key: one backup at a time over every instance. */
export const BACKUP_LOCK_KEY = 75_000_045;
const SCHEDULE_EVERY_MS = 10 * 60 * 1000;
const runPayload = z.object({ runId: z.number().int().positive() });

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

export const backupsPlugin = fp(
  async (app: FastifyInstance) => {
    /** Read at each use: the configuration is the instance's, and tests point it elsewhere. */
    const directory = () => app.config.backup.dir;
    // Stops a backup in flight when the server shuts down (its temporary file is removed).
    const closing = new AbortController();
    app.addHook('preClose', () => closing.abort());

    /** Archives beyond the number kept are deleted, oldest first, with their rows. */
    const applyRetention = async () => {
      const { keep } = await readBackupSettings(app.db);
      const dir = directory();
      const old = await app.db
        .select({ id: backupRun.id, fileName: backupRun.fileName })
        .from(backupRun)
        .where(eq(backupRun.status, 'succeeded'))
        .orderBy(desc(backupRun.id))
        .offset(keep);
      for (const run of old) {
        if (run.fileName && ARCHIVE_NAME.test(run.fileName))
          await rm(join(dir, run.fileName), { force: true });
        await app.db.delete(backupRun).where(eq(backupRun.id, run.id));
      }
      // Failed runs are kept for a while to read their error, not for ever.
      await app.db.execute(
        sql`delete from backup_run where status = 'failed' and id not in
            (select id from backup_run where status = 'failed' order by id desc limit 20)`,
      );
    };

    const execute = async (runId: number) => {
      const claimed = await app.db
        .update(backupRun)
        .set({ status: 'running', startedAt: new Date() })
        .where(and(eq(backupRun.id, runId), eq(backupRun.status, 'queued')))
        .returning({ id: backupRun.id });
      if (!claimed.length) throw new PermanentError('备份记录不存在或已执行');
      let fileName: string | null = null;
      const dir = directory();
      try {
        await mkdir(dir, { recursive: true });
        // Under the lock no other backup runs: a temporary file here is a killed backup's.
        for (const name of await readdir(dir))
          if (isTemporaryArchive(name)) await rm(join(dir, name), { force: true });
        fileName = archiveFileName(new Date(), Boolean(app.config.backup.passphrase));
        if (await stat(join(dir, fileName)).catch(() => null))
          fileName = fileName.replace('.tar', `-${runId}.tar`);
        const { manifest, bytes } = await writeBackup({
          database: app.database,
          blobs: app.blobs,
          file: join(dir, fileName),
          passphrase: app.config.backup.passphrase ?? undefined,
          signal: closing.signal,
        });
        const finishedAt = new Date();
        await app.db
          .update(backupRun)
          .set({ status: 'succeeded', fileName, sizeBytes: bytes, files: manifest.files.length, finishedAt })
          .where(eq(backupRun.id, runId));
        app.metrics.backups.succeeded(finishedAt, bytes);
        await applyRetention();
        app.log.info({ runId, fileName, bytes }, 'backup written');
      } catch (error) {
        const reason = errorText(error);
        app.log.error({ runId, err: error }, 'backup failed');
        await app.db.transaction(async (tx) => {
          await tx
            .update(backupRun)
            .set({ status: 'failed', error: reason, fileName, finishedAt: new Date() })
            .where(eq(backupRun.id, runId));
          await app.alerts.queueNotice(tx, {
            title: `${backupMessages.alertTitle} #${runId}`,
            lines: [
              [backupMessages.alertReason, reason],
              [backupMessages.alertWhen, new Date().toISOString()],
              [backupMessages.alertWhere, dir],
            ],
            data: { event: 'backup.failed', runId, error: reason },
          });
        });
      }
    };

    const locked = (fn: () => Promise<void>) => app.database.withExclusiveLock(BACKUP_LOCK_KEY, fn);

    app.outbox.registerHandler(BACKUP_RUN_KIND, async (job) => {
      const payload = runPayload.safeParse(job.payload);
      if (!payload.success) throw new PermanentError('备份任务内容无效');
      await locked(() => execute(payload.data.runId));
    });
    app.outbox.registerHandler(BACKUP_SCHEDULE_KIND, async () => {
      await locked(async () => {
        const runId = await dueScheduledRun(app.db, new Date());
        if (runId) await execute(runId);
      });
    });
    app.outbox.schedule('backup-schedule', BACKUP_SCHEDULE_KIND, SCHEDULE_EVERY_MS);

    // /metrics reads the last success from the table: right on every instance and after a restart.
    app.metrics.backups.readFrom(async () => {
      const [last] = await app.db
        .select({ at: backupRun.finishedAt, bytes: backupRun.sizeBytes })
        .from(backupRun)
        .where(eq(backupRun.status, 'succeeded'))
        .orderBy(desc(backupRun.id))
        .limit(1);
      return last?.at && last.bytes != null ? { at: last.at, bytes: last.bytes } : null;
    });

    defineRoute(app, {
      method: 'GET',
      url: backupDownload.path,
      auth: backupDownload,
      query: backupDownload.input,
      schema: {
        summary: '下载备份文件（.tar.gz，设置了 BACKUP_PASSPHRASE 时为加密的 .tar.gz.enc）',
        tags: ['store'],
        description:
          '成功时为备份文件本身；失败时为 JSON 失败信封，HTTP 状态 200。仅限有「管理备份」权限的员工。',
      },
      handler: async ({ request, reply, query }) => {
        const [run] = await app.db.select().from(backupRun).where(eq(backupRun.id, query.backupId));
        const fileName = run?.status === 'succeeded' ? run.fileName : null;
        const path = fileName && ARCHIVE_NAME.test(fileName) ? join(directory(), fileName) : null;
        const found = path ? await stat(path).catch(() => null) : null;
        if (!path || !fileName || !found) return fail(BusinessCode.NOT_FOUND, backupMessages.notFound);
        await recordAudit(app.db, actorOf(app, request), {
          action: 'export',
          targetType: 'backup',
          targetId: query.backupId,
        });
        const { createReadStream } = await import('node:fs');
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(found.size))
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(createReadStream(path));
      },
    });
  },
  { name: 'backups', dependencies: ['outbox', 'alerts', 'database'] },
);
