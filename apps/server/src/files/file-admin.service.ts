/**
 * Stored files as the console manages them: the school's own uploads plus the site's shared
 * files (no tenant). A file still used somewhere (file-usage.ts) is not deleted: the refusal names the
 * places. The bytes go only after the metadata is gone.
 */
import {
  type AdminFile,
  BusinessCode,
  type FileKindName,
  messages,
  type PagingInput,
} from '@yuexun/contract';
import {
  and,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  like,
  ne,
  notLike,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { account, file, fileRevision, fileTag } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { likePattern, pageOf, rowCount } from '../shared/paging';
import { tagsOf } from './file-tags';
import { fileUsageCount, usagesOf } from './file-usage';

/** The files a console user sees: the site's shared files, plus their school's own. */
export const visibleTo = (tenantId: number | null) =>
  tenantId === null ? isNull(file.tenantId) : or(isNull(file.tenantId), eq(file.tenantId, tenantId));

/** A file row as the console lists it (join `account` on the owner). */
export const adminFileColumns = {
  fileUuid: file.uuid,
  fileName: file.name,
  fileSize: file.size,
  format: file.format,
  contentType: file.contentType,
  visibility: file.visibility,
  ownerName: account.name,
  createdAt: file.createdAt,
  altText: file.altText,
  focusX: file.focusX,
  focusY: file.focusY,
  width: file.width,
  height: file.height,
  folderId: file.folderId,
};

export interface FileCriteria extends PagingInput {
  keyword?: string;
  format?: string;
  folderId?: number;
  tag?: string;
  kind?: FileKindName;
}

/** A search kind as a condition on the content type detected on upload (FILE_KINDS). */
const ofKind = (kind: FileKindName) => {
  const prefix = { picture: 'image/%', video: 'video/%', audio: 'audio/%' } as const;
  if (kind === 'archive') return eq(file.contentType, 'application/zip');
  if (kind === 'document')
    return and(
      notLike(file.contentType, 'image/%'),
      notLike(file.contentType, 'video/%'),
      notLike(file.contentType, 'audio/%'),
      ne(file.contentType, 'application/zip'),
    );
  return like(file.contentType, prefix[kind]);
};

export const listAdminFiles = async (db: Db, tenantId: number | null, criteria: FileCriteria) => {
  const conditions: (SQL | undefined)[] = [visibleTo(tenantId)];
  if (criteria.keyword) conditions.push(ilike(file.name, likePattern(criteria.keyword)));
  if (criteria.format) conditions.push(eq(file.format, criteria.format.toLowerCase()));
  if (criteria.folderId) conditions.push(eq(file.folderId, criteria.folderId));
  if (criteria.kind) conditions.push(ofKind(criteria.kind));
  if (criteria.tag)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(fileTag)
          .where(and(eq(fileTag.fileUuid, file.uuid), eq(fileTag.tag, criteria.tag))),
      ),
    );
  const where = and(...conditions);
  const { items: rows, paging } = await pageOf(
    criteria,
    db
      .select({ ...adminFileColumns, usedBy: fileUsageCount })
      .from(file)
      .leftJoin(account, eq(account.id, file.ownerAccountId))
      .where(where)
      .orderBy(desc(file.createdAt), desc(file.uuid))
      .$dynamic(),
    db.select(rowCount).from(file).where(where),
  );
  return { items: await asAdminFiles(db, rows), paging };
};

/** Rows of `adminFileColumns` (and usedBy) as the console lists them, with their tags. */
export const asAdminFiles = async (
  db: Db,
  rows: (Omit<AdminFile, 'createdAt' | 'tags'> & { createdAt: Date })[],
): Promise<AdminFile[]> => {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.fileUuid),
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), tags: tags.get(r.fileUuid) ?? [] }));
};

/** The places using a file the actor may see (404 for another school's file or none). */
export const usagesOfVisibleFile = async (db: Db, tenantId: number | null, uuid: string) => {
  const [found] = await db
    .select({ uuid: file.uuid })
    .from(file)
    .where(and(eq(file.uuid, uuid), visibleTo(tenantId)));
  if (!found) throw fieldError(BusinessCode.NOT_FOUND, 'fileUuid', messages.fileNotFound);
  return usagesOf(db, uuid);
};

/** The blob keys of the files' revisions, read before the files are deleted (their rows go with the file). */
export const revisionBlobKeys = async (db: Db, uuids: string[]) =>
  uuids.length === 0
    ? []
    : (
        await db
          .select({ key: fileRevision.blobKey })
          .from(fileRevision)
          .where(inArray(fileRevision.fileUuid, uuids))
      ).map((r) => r.key);

const NAMED_IN_REFUSAL = 5;

export const deleteAdminFile = async (app: FastifyInstance, actor: Actor, uuid: string) => {
  const removed = await app.db.transaction(async (tx) => {
    // Locked first, so a place saved meanwhile waits for the delete or sees the file gone.
    const [found] = await tx
      .select({ uuid: file.uuid, usedBy: fileUsageCount })
      .from(file)
      .where(and(eq(file.uuid, uuid), visibleTo(actor.tenantId)))
      .for('update');
    if (!found) throw fieldError(BusinessCode.NOT_FOUND, 'fileUuid', messages.fileNotFound);
    if (found.usedBy > 0) {
      const places = (await usagesOf(tx, uuid)).slice(0, NAMED_IN_REFUSAL);
      throw new BusinessError(
        BusinessCode.CONFLICT,
        messages.fileInUse(
          places.map((p) => messages.fileUsagePlace(p.kind, p.id, p.title)),
          found.usedBy,
        ),
      );
    }
    // Its revisions' rows go with it (cascade); their bytes are removed below.
    const kept = await revisionBlobKeys(tx, [uuid]);
    const [gone] = await tx
      .delete(file)
      .where(eq(file.uuid, uuid))
      .returning({ name: file.name, size: file.size });
    if (!gone) throw fieldError(BusinessCode.NOT_FOUND, 'fileUuid', messages.fileNotFound);
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: 'file',
      targetId: uuid,
      detail: { name: gone.name, size: gone.size },
    });
    return { ...gone, kept };
  });
  for (const key of removed.kept)
    await app.blobs
      .delete(key)
      .catch((error: unknown) => app.log.warn({ err: error, key }, 'revision blob delete failed'));
  // Bytes without metadata are unreachable; a failure here leaves an orphan blob, never a broken row.
  await app.blobs
    .delete(uuid)
    .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'blob delete failed'));
  await app.imageVariants
    .forget(uuid)
    .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'picture variants delete failed'));
  return removed;
};
