/**
 * `npm run restore -- FILE`: restores an archive into the empty database and file store the environment
 * names (DATA_DIR or DATABASE_URL, and BLOB_STORE), decrypting with BACKUP_PASSPHRASE (docs/decisions/045).
 * Refuses a damaged archive, a wrong passphrase or a target that is not empty, changing nothing, and exits 1.
 * Interrupted, it can simply be run again.
 */
import { backupMessages } from '@yuexun/contract';
import { restoreBackup } from './backups/restore-backup';
import { runCli } from './cli-support';

await runCli('restore', async ({ config, database, blobs }) => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run restore -- FILE');
  const done = await restoreBackup({
    database,
    blobs,
    file,
    passphrase: config.backup.passphrase ?? undefined,
  });
  return backupMessages.restored(done.tables, done.rows, done.files);
});
