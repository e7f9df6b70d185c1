/**
 * Per-picture facts (decision 063): alt text and focal point on the file row. Set from the console's files
 * page; read by the site for every picture it crops (object-position) and wherever the content has no alt.
 */
import { BusinessCode, messages, type PictureFacts } from '@yuexun/contract';
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

/** The facts of the given pictures, by uuid (unknown uuids are left out). */
export const pictureFactsOf = async (db: Db, uuids: string[]): Promise<Map<string, PictureFacts>> => {
  const wanted = [...new Set(uuids.filter((u) => u !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ uuid: file.uuid, altText: file.altText, focusX: file.focusX, focusY: file.focusY })
    .from(file)
    .where(inArray(file.uuid, wanted));
  return new Map(rows.map(({ uuid, ...facts }) => [uuid, facts]));
};
