/**
 * Per-picture facts (decision 063): alt text and focal point on the file row. Set from the console's files
 * page; read by the site for every picture it crops (object-position) and wherever the content has no alt.
 */
import {
  BusinessCode,
  contentVersionOf,
  messages,
  type PictureFacts,
  type SitePicture,
  type SitePictures,
} from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { visibleTo } from './file-admin.service';
import { kindOfFormat } from './file-checks';

export const setPictureFacts = async (
  db: Db,
  actor: Actor,
  uuid: string,
  facts: PictureFacts,
): Promise<PictureFacts & { fileUuid: string }> =>
  db.transaction(async (tx) => {
    const [found] = await tx
      .select({ format: file.format, altText: file.altText, focusX: file.focusX, focusY: file.focusY })
      .from(file)
      .where(and(eq(file.uuid, uuid), visibleTo(actor.tenantId)))
      .for('update');
    if (!found) throw fieldError(BusinessCode.NOT_FOUND, 'fileUuid', messages.fileNotFound);
    if (!kindOfFormat(found.format).image)
      throw fieldError(BusinessCode.BAD_REQUEST, 'fileUuid', messages.pictureNotImage(found.format));
    await tx.update(file).set(facts).where(eq(file.uuid, uuid));
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'file',
      targetId: uuid,
      detail: {
        before: { altText: found.altText, focusX: found.focusX, focusY: found.focusY },
        after: facts,
      },
    });
    return { fileUuid: uuid, ...facts };
  });

/** The facts and content version of the given pictures, by uuid (unknown uuids are left out). */
export const pictureFactsOf = async (db: Db, uuids: (string | null)[]): Promise<Map<string, SitePicture>> => {
  const wanted = [...new Set(uuids.filter((u): u is string => !!u))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      uuid: file.uuid,
      altText: file.altText,
      focusX: file.focusX,
      focusY: file.focusY,
      width: file.width,
      height: file.height,
      sha256: file.sha256,
    })
    .from(file)
    .where(inArray(file.uuid, wanted));
  return new Map(
    rows.map(({ uuid, sha256, ...facts }) => [uuid, { ...facts, version: contentVersionOf(sha256) }]),
  );
};

/** Each item with the pictures it shows (`uuidsOf`), for the site's covers (alt text, focal point, v=). */
export const withPictures = async <T>(
  db: Db,
  items: T[],
  uuidsOf: (item: T) => (string | null)[],
): Promise<(T & { pictures: SitePictures })[]> => {
  const facts = await pictureFactsOf(db, items.flatMap(uuidsOf));
  return items.map((item) => {
    const pictures: SitePictures = {};
    for (const uuid of uuidsOf(item)) {
      const found = uuid ? facts.get(uuid) : undefined;
      if (uuid && found) pictures[uuid] = found;
    }
    return { ...item, pictures };
  });
};
