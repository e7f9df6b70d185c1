/**
 * 备份 (store base, the vendor's admins: `backups.manage`): backups of the database and every file in one
 * archive (`npm run backup`, the scheduled job, 立即备份), their list and download, and the schedule.
 * Restore is a command-line step (`npm run restore`); its refusals are worded here too. Archive format and
 * choices: docs/decisions/045-backup-archives.md.
 */

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
  alertTitle: '备份失败',
  alertReason: '原因',
  alertWhen: '时间',
  alertWhere: '备份目录',
} as const;
