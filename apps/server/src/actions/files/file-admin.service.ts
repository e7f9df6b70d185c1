/**
 * Stored files as the console manages them: the school's own uploads plus the site's shared
 * files (no tenant). Deleting a file clears the covers that pointed at it, in the same
 * transaction, and removes the bytes only after the metadata is gone.
 */
import {
  type AdminFile,
  BusinessCode,
  messages,
  offsetOf,
  type PagingInput,
  toPaging,
} from '@yuexun/contract';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Actor, recordAudit } from '../../audit/audit.service';
import type { Db } from '../../db/client';
import { account, article, file, product } from '../../db/schema';
import { fieldError } from '../admin/versioned';
import { likePattern } from '../news/news.service';

const visibleTo = (tenantId: number | null) =>
  tenantId === null ? isNull(file.tenantId) : or(isNull(file.tenantId), eq(file.tenantId, tenantId));

// Aliased and qualified by hand: inside a sub-select drizzle renders bare column names, which would
// resolve against the inner table.
const usedBy = sql<number>`((select count(*) from article a where a.cover_file_uuid = "file"."uuid")
  + (select count(*) from product p where p.cover_file_uuid = "file"."uuid"))::int`;

export interface FileCriteria extends PagingInput {
  keyword?: string;
  format?: string;
}

export const listAdminFiles = async (db: Db, tenantId: number | null, criteria: FileCriteria) => {
  const conditions: (SQL | undefined)[] = [visibleTo(tenantId)];
  if (criteria.keyword) conditions.push(ilike(file.name, likePattern(criteria.keyword)));
  if (criteria.format) conditions.push(eq(file.format, criteria.format.toLowerCase()));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        fileUuid: file.uuid,
        fileName: file.name,
        fileSize: file.size,
        format: file.format,
        contentType: file.contentType,
        visibility: file.visibility,
        ownerName: account.name,
        createdAt: file.createdAt,
        usedBy,
      })
      .from(file)
      .leftJoin(account, eq(account.id, file.ownerAccountId))
      .where(where)
      .orderBy(desc(file.createdAt), desc(file.uuid))
      .limit(criteria.pageSize)
      .offset(offsetOf(criteria)),
    db.select({ total: sql<number>`count(*)::int` }).from(file).where(where),
  ]);
  const items: AdminFile[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { items, paging: toPaging(criteria, count?.total ?? 0) };
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
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: 'file',
      targetId: uuid,
      detail: {
        name: gone.name,
        size: gone.size,
        clearedArticleCovers: articles.map((a) => a.id),
        clearedProductCovers: products.map((p) => p.id),
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
