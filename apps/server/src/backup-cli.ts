/**
 * `npm run backup -- FILE`: one archive with the database, every file and a manifest (docs/decisions/045),
 * encrypted when BACKUP_PASSPHRASE is set. FILE may be a directory: the archive is named by the time then.
 * The embedded database must not be in use by a running server (use the console's 立即备份 then);
 * PostgreSQL may be backed up while the instances serve. Exits 1 with a Chinese message on any refusal.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backupMessages } from '@yuexun/contract';
import { archiveFileName } from './backups/archive-name';
import { writeBackup } from './backups/write-backup';
import { runCli } from './cli-support';

await runCli('backup', async ({ config, database, blobs }) => {
  const target = process.argv[2];
  if (!target) throw new Error('usage: npm run backup -- FILE (or a directory)');
  const isDir = statSync(target, { throwIfNoEntry: false })?.isDirectory() ?? false;
  const file = resolve(
    isDir ? join(target, archiveFileName(new Date(), Boolean(config.backup.passphrase))) : target,
  );
  const { manifest, bytes } = await writeBackup({
    database,
    blobs,
    file,
    passphrase: config.backup.passphrase ?? undefined,
  });
  return backupMessages.written(file, bytes, manifest.files.length);
});
