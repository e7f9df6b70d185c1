/**
 * 备份 in the console (decision 045): the schedule record, the list of runs, 立即备份, and when the schedule is
 * due. The runs themselves are executed by backup-runner.ts through the outbox.
 */
import {
  BACKUP_RUN_KIND,
  type BackupOverview,
  type BackupRunView,
  type BackupSchedule,
  BusinessCode,
  backupMessages,
  messages,
} from '@yuexun/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, backupRun, backupSettings } from '../db/schema';
import { type Actor, changedFields, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { enqueue } from '../shared/outbox';

const SETTINGS_ID = 1;
/** Runs shown in the console, newest first. */
const LIST_LIMIT = 50;
/** Beijing time, the hour the schedule speaks in (no daylight saving). */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

export type SettingsRow = typeof backupSettings.$inferSelect;

export const readBackupSettings = async (db: Db): Promise<SettingsRow> => {
  await db.insert(backupSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  const [row] = await db.select().from(backupSettings).where(eq(backupSettings.id, SETTINGS_ID));
  if (!row) throw new Error('backup settings missing after insert');
  return row;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const listBackupRuns = async (db: Db): Promise<BackupRunView[]> => {
  const rows = await db
    .select({ run: backupRun, name: account.name })
    .from(backupRun)
    .leftJoin(account, eq(account.id, backupRun.requestedBy))
    .orderBy(desc(backupRun.id))
    .limit(LIST_LIMIT);
  return rows.map(({ run, name }) => ({
    id: run.id,
    trigger: run.trigger as BackupRunView['trigger'],
    status: run.status as BackupRunView['status'],
    fileName: run.fileName,
    sizeBytes: run.sizeBytes,
    files: run.files,
    error: run.error,
    requestedBy: name,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
  }));
};

export const backupOverviewOf = async (
  db: Db,
  where: { directory: string; encrypted: boolean },
): Promise<BackupOverview> => {
  const s = await readBackupSettings(db);
  return {
    settings: {
      schedule: s.schedule as BackupSchedule,
      hour: s.hour,
      keep: s.keep,
      version: s.version,
      ...where,
    },
    runs: await listBackupRuns(db),
  };
};

export const updateBackupSettings = async (
  db: Db,
  actor: Actor,
  input: { schedule: BackupSchedule; hour?: number | undefined; keep?: number | undefined; version: number },
) => {
  await readBackupSettings(db);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(backupSettings)
      .where(eq(backupSettings.id, SETTINGS_ID))
      .for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    const after = {
      schedule: input.schedule,
      hour: input.hour ?? before.hour,
      keep: input.keep ?? before.keep,
    };
    await tx
      .update(backupSettings)
      .set({ ...after, version: before.version + 1, updatedAt: new Date() })
      .where(eq(backupSettings.id, SETTINGS_ID));
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'backup',
      targetId: 'settings',
      // As every other settings change: one line per field in 操作日志 (保留份数：7 → 5).
      detail: {
        changes: changedFields({ schedule: before.schedule, hour: before.hour, keep: before.keep }, after),
      },
    });
  });
};

/** A run queued or running blocks another (one backup at a time, on any instance). */
const busy = async (db: Db) =>
  (
    await db
      .select({ id: backupRun.id })
      .from(backupRun)
      .where(inArray(backupRun.status, ['queued', 'running']))
      .limit(1)
  ).length > 0;

/** 立即备份: a queued run and its outbox message, in one transaction. */
export const startManualBackup = async (db: Db, actor: Actor): Promise<number> =>
  db.transaction(async (tx) => {
    // Taken in order by every caller: two clicks at once make one run.
    await tx.execute(sql`select id from backup_settings where id = ${SETTINGS_ID} for update`);
    if (await busy(tx)) throw new BusinessError(BusinessCode.CONFLICT, backupMessages.busy);
    const [run] = await tx
      .insert(backupRun)
      .values({ trigger: 'manual', status: 'queued', requestedBy: actor.accountId })
      .returning({ id: backupRun.id });
    if (!run) throw new Error('backup run not inserted');
    await enqueue(tx, BACKUP_RUN_KIND, { runId: run.id }, { label: `立即备份 #${run.id}`, maxAttempts: 1 });
    await recordAudit(tx, actor, { action: 'create', targetType: 'backup', targetId: run.id });
    return run.id;
  });

/** The most recent time the schedule was due at or before `now` (null when it is off). */
export const lastSlot = (schedule: BackupSchedule, hour: number, now: Date): Date | null => {
  if (schedule === 'off') return null;
  const local = new Date(now.getTime() + BEIJING_OFFSET_MS);
  const slot = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour));
  if (slot > local) slot.setUTCDate(slot.getUTCDate() - 1);
  if (schedule === 'weekly') while (slot.getUTCDay() !== 1) slot.setUTCDate(slot.getUTCDate() - 1);
  return new Date(slot.getTime() - BEIJING_OFFSET_MS);
};

/**
 * Creates the scheduled run when one is due: the schedule's last slot has passed and no scheduled run was made
 * since (a failed one included: it raised its alert, and the next slot tries again). Answers its id or null.
 */
export const dueScheduledRun = async (db: Db, now: Date): Promise<number | null> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select id from backup_settings where id = ${SETTINGS_ID} for update`);
    const [s] = await tx.select().from(backupSettings).where(eq(backupSettings.id, SETTINGS_ID));
    const slot = s ? lastSlot(s.schedule as BackupSchedule, s.hour, now) : null;
    if (!slot || (await busy(tx))) return null;
    const [made] = await tx
      .select({ id: backupRun.id })
      .from(backupRun)
      .where(sql`${backupRun.trigger} = 'schedule' and ${backupRun.createdAt} >= ${slot.toISOString()}`)
      .limit(1);
    if (made) return null;
    const [run] = await tx
      .insert(backupRun)
      .values({ trigger: 'schedule', status: 'queued' })
      .returning({ id: backupRun.id });
    return run?.id ?? null;
  });
