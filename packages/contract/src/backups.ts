/**
 * 备份 (store base, the vendor's admins: `backups.manage`): backups of the database and every file in one
 * archive (`npm run backup`, the scheduled job, 立即备份), their list and download, and the schedule.
 * Restore is a command-line step (`npm run restore`); its refusals are worded here too. Archive format and
 * choices: docs/decisions/045-backup-archives.md.
 */

import { z } from 'zod';
import { defineAction } from './action';
import { optionalIntInRange, versionField } from './admin-fields';
import { oneOf, siteScoped } from './fields';

/** Why a restore (or a backup) was refused; each has its message below. */
export const BACKUP_REFUSALS = [
  'damaged',
  'wrong-passphrase',
  'passphrase-missing',
  'not-empty',
  'schema-mismatch',
  'embedded-in-use',
  'output-exists',
] as const;
export type BackupRefusalReason = (typeof BACKUP_REFUSALS)[number];

export const backupMessages = {
  refused: {
    damaged: '备份文件已损坏或不完整，无法恢复',
    'wrong-passphrase': '备份口令不正确（BACKUP_PASSPHRASE），无法解密',
    'passphrase-missing': '这个备份已加密，请用 BACKUP_PASSPHRASE 提供备份时的口令',
    'not-empty': '目标数据库或文件存储不是空的：恢复只写入空的数据库和文件存储，以免覆盖现有数据',
    'schema-mismatch': '备份的数据库结构版本与本程序不同，请用备份时的悦讯版本恢复，再升级',
    'embedded-in-use':
      '内嵌数据库正被运行中的服务器使用：请在控制台「站点管理 → 备份」点「立即备份」，或先停止服务器再运行',
    'output-exists': '备份文件已存在，请换一个文件名',
  } satisfies Record<BackupRefusalReason, string>,
  nothingChanged: '目标未做任何改动。',
  restored: (tables: number, rows: number, files: number) =>
    `恢复完成：${tables} 张表共 ${rows} 行，${files} 个文件`,
  written: (file: string, bytes: number, files: number) =>
    `备份完成：${file}（${bytes} 字节，${files} 个文件）`,
  busy: '已有备份正在进行，请等它完成',
  notFound: '备份不存在，或其文件已按保留份数删除',
  queued: '已开始备份，完成后会出现在列表中',
  alertTitle: '备份失败',
  alertReason: '原因',
  alertWhen: '时间',
  alertWhere: '备份位置',
  storeFailed: '备份无法写入对象存储，请检查 S3_* 设置',
} as const;

export const BACKUP_SCHEDULES = ['daily', 'weekly', 'off'] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];
export const backupScheduleLabels: Record<BackupSchedule, string> = {
  daily: '每天',
  weekly: '每周一',
  off: '不自动备份',
};
export const BACKUP_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];
export const BACKUP_TRIGGERS = ['schedule', 'manual'] as const;
export const BACKUP_KEEP_MAX = 365;

/** The outbox kinds: a backup asked for with 立即备份, and the schedule's check (every 10 minutes). */
export const BACKUP_RUN_KIND = 'backup.run';
export const BACKUP_SCHEDULE_KIND = 'backup.schedule';

export const backupRunView = z.object({
  id: z.number().int(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  files: z.number().int().nullable(),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BackupRunView = z.infer<typeof backupRunView>;

export const backupSettingsView = z.object({
  schedule: z.enum(BACKUP_SCHEDULES),
  /** Hour of the day, Beijing time (UTC+8). */
  hour: z.number().int(),
  /** Archives kept; older ones are deleted after each successful backup. */
  keep: z.number().int(),
  version: z.number().int(),
  /** Where archives are written (BACKUP_DIR) and whether BACKUP_PASSPHRASE encrypts them. */
  directory: z.string(),
  encrypted: z.boolean(),
});
export type BackupSettingsView = z.infer<typeof backupSettingsView>;

export const backupOverview = z.object({ settings: backupSettingsView, runs: z.array(backupRunView) });
export type BackupOverview = z.infer<typeof backupOverview>;

export const inquireBackupListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireBackupListAdmin',
  auth: 'admin',
  permission: 'backups.manage',
  scope: 'site',
  summary: '备份：计划、保留份数和最近的备份（大小、状态），新的在前',
  input: siteScoped,
  item: backupOverview,
  result: 'list',
});

export const updateBackupSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateBackupSettingsAdmin',
  auth: 'admin',
  permission: 'backups.manage',
  scope: 'site',
  summary: '修改备份计划（每天、每周一或不自动备份，几点，北京时间）和保留份数；version 不是最新时返回 409',
  input: siteScoped.extend({
    schedule: oneOf('备份计划', BACKUP_SCHEDULES),
    hour: optionalIntInRange('备份时间（时）', 0, 23),
    keep: optionalIntInRange('保留份数', 1, BACKUP_KEEP_MAX),
    version: versionField,
  }),
  item: backupOverview,
  result: 'list',
  mutates: true,
});

export const startBackupAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'startBackupAdmin',
  auth: 'admin',
  permission: 'backups.manage',
  scope: 'site',
  summary: '立即备份：排入任务队列，由一个实例执行；已有备份在进行时拒绝',
  input: siteScoped,
  item: backupRunView,
  result: 'list',
  mutates: true,
});

/** The archive itself: GET, so a plain link downloads it. */
export const backupDownload = {
  path: '/store/api/v1.0/downloadBackupAdmin.file',
  auth: 'admin',
  scope: 'site',
  permission: 'backups.manage',
  input: siteScoped.partial().extend({ backupId: z.coerce.number().int().positive().max(2147483647) }),
} as const;
