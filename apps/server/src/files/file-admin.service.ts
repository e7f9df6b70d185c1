/**
 * Stored files as the console manages them: the school's own uploads plus the site's shared
 * files (no tenant). Deleting a file clears the covers that pointed at it, in the same
 * transaction, and removes the bytes only after the metadata is gone.
 */
import { type AdminFile, BusinessCode, messages, type PagingInput } from '@yuexun/contract';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { account, article, file, product } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { likePattern, pageOf, rowCount } from '../shared/paging';

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
};

// Aliased and qualified by hand: inside a sub-select drizzle renders bare column names, which would
// resolve against the inner table.
const usedBy = sql<number>`((select count(*) from article a where a.cover_file_uuid = "file"."uuid")
  + (select count(*) from product p where p.cover_file_uuid = "file"."uuid"
       or "file"."uuid" = any(p.gallery_file_uuids)))::int`;

export interface FileCriteria extends PagingInput {
  keyword?: string;
  format?: string;
}

export const listAdminFiles = async (db: Db, tenantId: number | null, criteria: FileCriteria) => {
  const conditions: (SQL | undefined)[] = [visibleTo(tenantId)];
  if (criteria.keyword) conditions.push(ilike(file.name, likePattern(criteria.keyword)));
  if (criteria.format) conditions.push(eq(file.format, criteria.format.toLowerCase()));
  const where = and(...conditions);
  const { items: rows, paging } = await pageOf(
    criteria,
    db
      .select({ ...adminFileColumns, usedBy })
      .from(file)
      .leftJoin(account, eq(account.id, file.ownerAccountId))
      .where(where)
      .orderBy(desc(file.createdAt), desc(file.uuid))
      .$dynamic(),
    db.select(rowCount).from(file).where(where),
  );
  const items: AdminFile[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { items, paging };
};

export const deleteAdminFile = async (app: FastifyInstance, actor: Actor, uuid: string) => {
  const removed = await app.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(file)
      .where(and(eq(file.uuid, uuid), visibleTo(actor.tenantId)))
      .returning({ name: file.name, size: file.size });
    if (!gone) throw fieldError(BusinessCode.NOT_FOUND, 'fileUuid', messages.fileNotFound);
    const articles = await tx
      .update(article)
      .set({ coverFileUuid: null })
      .where(eq(article.coverFileUuid, uuid))
      .returning({ id: article.id });
    const products = await tx
      .update(product)
      .set({ coverFileUuid: null })
      .where(eq(product.coverFileUuid, uuid))
      .returning({ id: product.id });
    const galleries = await tx
      .update(product)
      .set({ galleryFileUuids: sql`array_remove(${product.galleryFileUuids}, ${uuid})` })
      .where(sql`${uuid} = any(${product.galleryFileUuids})`)
      .returning({ id: product.id });
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: 'file',
      targetId: uuid,
      detail: {
        name: gone.name,
        size: gone.size,
        clearedArticleCovers: articles.map((a) => a.id),
        clearedProductCovers: products.map((p) => p.id),
        clearedProductGalleries: galleries.map((p) => p.id),
      },
    });
    return gone;
  });
  // Bytes without metadata are unreachable; a failure here leaves an orphan blob, never a broken row.
  await app.blobs
    .delete(uuid)
    .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'blob delete failed'));
  await app.imageVariants
    .forget(uuid)
    .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'picture variants delete failed'));
  return removed;
};
