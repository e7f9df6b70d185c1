/**
 * Backups inside the server (decision 045): the outbox runs them, one at a time over every instance.
 * `backup.run` executes a run queued by 立即备份; the recurring `backup.schedule` (every 10 minutes) makes and
 * executes the scheduled run when its slot has passed. A run writes its archive to BACKUP_DIR or to the
 * bucket (BACKUP_STORE, archive-store.ts), deletes the
 * archives beyond the number kept, reports the last success to /metrics, and on failure records the error and
 * raises an alert on every enabled channel (app.alerts.queueNotice). The archive downloads from
 * GET downloadBackupAdmin.file. Restore is a command (README "Restore").
 */
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
import { StoreUnavailableError } from '../shared/errors';
import { PermanentError } from '../shared/outbox';
import { ARCHIVE_NAME, archiveFileName } from './archive-name';
import { archiveStores } from './archive-store';
import { dueScheduledRun, readBackupSettings } from './backups.service';

/** Advisory-lock key: one backup at a time over every instance. */
export const BACKUP_LOCK_KEY = 75_000_045;
const SCHEDULE_EVERY_MS = 10 * 60 * 1000;
const runPayload = z.object({ runId: z.number().int().positive() });

/** The object store's refusals get a Chinese sentence before the setting it names (s3.ts). */
const errorText = (error: unknown) =>
  (error instanceof StoreUnavailableError
    ? `${backupMessages.storeFailed}：${error.reason}`
    : error instanceof Error
      ? error.message
      : String(error)
  )
    .replace(/\s+/g, ' ')
    .slice(0, 500);

export const backupsPlugin = fp(
  async (app: FastifyInstance) => {
    /** Read at each use: the configuration is the instance's, and tests point it elsewhere. */
    const stores = archiveStores();
    const archives = () => stores.of(app.config);
    app.addHook('onClose', async () => stores.close());
    // Stops a backup in flight when the server shuts down (its temporary file is removed).
    const closing = new AbortController();
    app.addHook('preClose', () => closing.abort());

    /** Archives beyond the number kept are deleted, oldest first, with their rows. */
    const applyRetention = async () => {
      const { keep } = await readBackupSettings(app.db);
      const store = await archives();
      const old = await app.db
        .select({ id: backupRun.id, fileName: backupRun.fileName })
        .from(backupRun)
        .where(eq(backupRun.status, 'succeeded'))
        .orderBy(desc(backupRun.id))
        .offset(keep);
      for (const run of old) {
        if (run.fileName && ARCHIVE_NAME.test(run.fileName)) await store.remove(run.fileName);
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
      let where = app.config.backup.dir;
      try {
        const store = await archives();
        where = store.where;
        await store.prepare();
        fileName = archiveFileName(new Date(), Boolean(app.config.backup.passphrase));
        if (await store.exists(fileName)) fileName = fileName.replace('.tar', `-${runId}.tar`);
        const { manifest, bytes } = await store.write(fileName, {
          database: app.database,
          blobs: app.blobs,
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
              [backupMessages.alertWhere, where],
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
        const store = await archives();
        const size = fileName && ARCHIVE_NAME.test(fileName) ? await store.size(fileName) : null;
        const body = fileName && size !== null ? await store.open(fileName) : null;
        if (!fileName || size === null || !body) return fail(BusinessCode.NOT_FOUND, backupMessages.notFound);
        await recordAudit(app.db, actorOf(app, request), {
          action: 'export',
          targetType: 'backup',
          targetId: query.backupId,
        });
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(size))
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(body);
      },
    });
  },
  { name: 'backups', dependencies: ['outbox', 'alerts', 'database'] },
);
