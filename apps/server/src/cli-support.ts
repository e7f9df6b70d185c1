/**
 * What the backup and restore commands share: the configuration, the database (the embedded one in this
 * process, not a worker thread) and the blob store the environment names; a refusal is printed in Chinese with
 * exit code 1 (README "Backup", "Restore").
 */
import { backupMessages } from '@yuexun/contract';
import { BackupRefusal } from './backups/backup-refusal';
import type { BackupBlobs } from './backups/write-backup';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { openFileStores } from './files/blob-store';

interface CliContext {
  config: AppConfig;
  database: Database;
  blobs: BackupBlobs;
}

export const runCli = async (
  command: 'backup' | 'restore',
  run: (context: CliContext) => Promise<string>,
) => {
  let database: Database | null = null;
  try {
    const config = loadConfig();
    const target =
      config.database.driver === 'pglite' ? { ...config.database, thread: false } : config.database;
    database = await openDatabase(target);
    const message = await run({ config, database, blobs: (await openFileStores(config)).blobs });
    process.stdout.write(`${message}\n`);
    await database.close();
    process.exit(0);
  } catch (error) {
    await database?.close().catch(() => {});
    let message: string;
    if (error instanceof BackupRefusal)
      message = command === 'restore' ? `${error.message}\n${backupMessages.nothingChanged}` : error.message;
    else if (error instanceof DataDirLockedError) message = backupMessages.refused['embedded-in-use'];
    else if (error instanceof ConfigError) message = error.message;
    else message = `${command} failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
};
