/** The download centre as the site shows it: the catalogue's entries whose file is still stored, in its order. */
import type { SiteDownload } from '@yuexun/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import { DOWNLOAD_CATALOGUE } from './download-catalogue';

export const listDownloads = async (db: Db): Promise<SiteDownload[]> => {
  const rows = await db
    .select({ uuid: file.uuid, name: file.name, size: file.size, format: file.format })
    .from(file)
    .where(
      inArray(
        file.uuid,
        DOWNLOAD_CATALOGUE.map((d) => d.fileUuid),
      ),
    );
  const stored = new Map(rows.map((r) => [r.uuid, r]));
  return DOWNLOAD_CATALOGUE.flatMap((d) => {
    const row = stored.get(d.fileUuid);
    return row
      ? [
          {
            fileUuid: d.fileUuid,
            fileName: row.name,
            title: d.title,
            description: d.description,
            group: d.group,
            format: row.format,
            size: row.size,
          },
        ]
      : [];
  });
};
