/** 备份 calls (store base, backups.manage; contract: packages/contract/src/backups.ts, decision 045). */
import {
  backupDownload,
  inquireBackupListAdmin,
  startBackupAdmin,
  updateBackupSettingsAdmin,
} from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { callOne } from './client';

/** The schedule and the newest runs (the server keeps the list short: the archives kept and recent failures). */
export const loadBackups = async () => callOne(inquireBackupListAdmin);

/** Field refusals (an hour or a number kept out of range) are left to the form: quiet. */
export const saveBackupSettings = async (input: ActionArgs<typeof updateBackupSettingsAdmin>) =>
  callOne(updateBackupSettingsAdmin, input, { quiet: true });

/** 立即备份: the run as queued; the outbox runs it on one instance. 409 while another is queued or running. */
export const startBackup = async () => callOne(startBackupAdmin);

/** A plain link: the browser downloads the archive with the session cookie. */
export const backupDownloadUrl = (backupId: number) =>
  `${backupDownload.path}?${new URLSearchParams({ backupId: String(backupId) })}`;
