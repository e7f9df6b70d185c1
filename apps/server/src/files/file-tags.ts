/** A library file's tags (decision 066), read by the file list and by the bulk tag action. */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileTag } from '../db/schema';

/** Tags of the given files, by uuid, sorted (files without tags map to []). */
export const tagsOf = async (db: Db, uuids: string[]) => {
  const tags = new Map<string, string[]>(uuids.map((u) => [u, []]));
  if (uuids.length === 0) return tags;
  const rows = await db
    .select({ uuid: fileTag.fileUuid, tag: fileTag.tag })
    .from(fileTag)
    .where(inArray(fileTag.fileUuid, uuids))
    .orderBy(asc(fileTag.tag));
  for (const row of rows) tags.get(row.uuid)?.push(row.tag);
  return tags;
};
