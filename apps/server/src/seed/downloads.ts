/**
 * The download centre's files (decision 013): real PDF, DOCX, XLSX, CSV and text documents built
 * from content/downloads.ts, stored once as public files ('demo-downloads-v1'). Deterministic like
 * the covers: the same bytes and uuids on every machine, so a missing blob is rebuilt at start-up.
 * Each document's title is its download catalogue entry's (files/download-catalogue.ts), found by uuid.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import { DOWNLOAD_CATALOGUE, type DownloadEntry } from '../files/download-catalogue';
import { kindOfFormat } from '../files/file-checks';
import { type DownloadDocument, demoDownloads, downloadFooter, type SeedDownload } from './content/downloads';
import { demoUuid } from './demo-uuid';
import { csv, plainText } from './documents/blocks';
import { docx, xlsx } from './documents/office';
import { pdf } from './documents/pdf';
import { seedOnce } from './seed-once';

export const DEMO_DOWNLOADS_SEED = 'demo-downloads-v1';

export interface DownloadFile {
  uuid: string;
  name: string;
  format: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

const uuidFor = (key: string) => demoUuid(`download-${key}`);

const build = (title: string, document: DownloadDocument): Buffer => {
  switch (document.format) {
    case 'pdf':
      return pdf(title, document.blocks, downloadFooter(title));
    case 'docx':
      return docx(title, document.blocks);
    case 'txt':
      return plainText(document.blocks);
    case 'xlsx':
      return xlsx(title, document.sheet, document.rows, document.widths);
    case 'csv':
      return csv(document.rows);
  }
};

/** The catalogue entry that lists a seeded document; every document has one (a test checks). */
export const catalogueEntryOf = (download: SeedDownload): DownloadEntry => {
  const uuid = uuidFor(download.key);
  const entry = DOWNLOAD_CATALOGUE.find((e) => e.fileUuid === uuid);
  if (!entry) throw new Error(`download ${download.key} (${uuid}) is not in the download catalogue`);
  return entry;
};

export const downloadFileOf = (download: SeedDownload): DownloadFile => {
  const entry = catalogueEntryOf(download);
  const bytes = build(entry.title, download.document);
  return {
    uuid: entry.fileUuid,
    name: download.fileName,
    format: download.document.format,
    contentType: kindOfFormat(download.document.format).contentType,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
};

/** Each seeded document with its catalogue entry, known without building the files. */
export const seededCatalogue = () =>
  demoDownloads.map((d) => ({ ...catalogueEntryOf(d), key: d.key, fileName: d.fileName }));

/** Built once per process (a few milliseconds each). */
let built: DownloadFile[] | undefined;
export const demoDownloadFiles = () => {
  built ??= demoDownloads.map(downloadFileOf);
  return built;
};

/** Records the files once per database; the blobs are written by the files plugin. */
export const seedDemoDownloads = async (db: Db): Promise<boolean> =>
  seedOnce(db, DEMO_DOWNLOADS_SEED, async (tx) => {
    await tx
      .insert(file)
      .values(
        demoDownloadFiles().map((f) => ({
          uuid: f.uuid,
          name: f.name,
          size: f.bytes.length,
          format: f.format,
          contentType: f.contentType,
          sha256: f.sha256,
          visibility: 'public',
        })),
      )
      .onConflictDoNothing();
    return true;
  });

/** The seeded download files still recorded (the console may have deleted some). */
export const seededDownloadUuids = async (db: Db) => {
  const uuids = demoDownloads.map((d) => uuidFor(d.key));
  const rows = await db.select({ uuid: file.uuid }).from(file).where(inArray(file.uuid, uuids));
  return new Set(rows.map((r) => r.uuid));
};
