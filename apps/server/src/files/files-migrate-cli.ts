/**
 * `npm run files:migrate`: copies DATA_DIR/files into the object store named by BLOB_STORE=s3 and the S3_*
 * settings, for the database the environment names (files-migrate.ts). Exits non-zero when a file is
 * missing or differs, or the store stops answering; running it again resumes.
 */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { openS3Store } from '../shared/platforms/s3';
import { diskBlobStore } from './disk-blob-store';
import { migrateFiles } from './files-migrate';
import { s3BlobStore } from './s3-blob-store';

const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (config.blobStore !== 's3' || !config.s3) {
  fail('files:migrate copies DATA_DIR/files into the object store: set BLOB_STORE=s3 and the S3_* settings');
}
const s3 = config.s3 as NonNullable<typeof config.s3>;
const bucket = await openS3Store(s3);
const fault = await bucket.probe();
if (fault) {
  bucket.close();
  fail(`object store not usable: ${fault}`);
}
const source = `${config.dataDir}/files`;
// The embedded database is one process's: with the server still running on it, this says so in one line.
const database = await openDatabase(config.database).catch((error: unknown) => {
  bucket.close();
  return fail(`database not opened: ${error instanceof Error ? error.message : String(error)}`);
});
let exitCode = 0;
try {
  process.stdout.write(`copying ${source} to bucket ${s3.bucket} (${s3.endpoint ?? 'AWS S3'})\n`);
  const report = await migrateFiles({
    db: database.db,
    from: diskBlobStore(source),
    to: s3BlobStore(bucket),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `${report.total} files: ${report.copied} copied, ${report.alreadyThere} already there, ` +
      `${report.missing.length} missing on disk, ${report.mismatched.length} with a wrong checksum\n`,
  );
  if (report.missing.length + report.mismatched.length > 0) exitCode = 1;
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`stopped: ${reason}\nRun npm run files:migrate again to resume.\n`);
  exitCode = 1;
} finally {
  await database.close();
  bucket.close();
}
process.exit(exitCode);
