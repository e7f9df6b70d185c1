/** What an archive says about itself (manifest.json, its last entry; backup.json, its first, is the head of it). */
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'yuexun-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export const archiveHead = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  productVersion: z.string(),
  /** The newest migration of the database backed up, e.g. 0027_lead-ip-index. */
  schemaMigration: z.string(),
  createdAt: z.string(),
  /** pglite | postgres: where it was taken (any restores onto either). */
  sourceDriver: z.string(),
});
export type ArchiveHead = z.infer<typeof archiveHead>;

export const manifest = archiveHead.extend({
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
  sequences: z.number().int().nonnegative(),
  files: z.array(
    z.object({
      uuid: z.string(),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  /** Files listed in the database whose bytes the store no longer had when the backup was taken. */
  missingFiles: z.array(z.string()),
  /** SHA-256 of every database entry (db/…), by entry name. */
  entries: z.record(z.string(), z.string()),
});
export type Manifest = z.infer<typeof manifest>;

export const HEAD_ENTRY = 'backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const SEQUENCES_ENTRY = 'db/sequences.json';
export const fileEntry = (uuid: string) => `files/${uuid}`;
/** db/0007-article-0001.jsonl: table order, name, part. */
export const tableEntry = (index: number, table: string, part: number) =>
  `db/${String(index).padStart(4, '0')}-${table}-${String(part).padStart(4, '0')}.jsonl`;
export const tableOfEntry = (name: string) => /^db\/\d{4}-(.+)-\d{4}\.jsonl$/.exec(name)?.[1] ?? null;
