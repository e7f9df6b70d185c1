/**
 * Products and product tags as the console manages them. Prices arrive parsed to integer fen by
 * the contract; details are sanitised on write; each write appends its audit row.
 */
import {
  type AdminProduct,
  type AdminProductTag,
  BusinessCode,
  messages,
  offsetOf,
  type PagingInput,
  type ProductFields,
  type ProductStatus,
  SITE_ID,
  toPaging,
} from '@yuexun/contract';
import { and, asc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Actor, changedFields, recordAudit } from '../../audit/audit.service';
import type { Db } from '../../db/client';
import { file, product, productTag, productToTag } from '../../db/schema';
import { sanitizeRichText } from '../../rich-text/sanitize';
import { insertOnce } from '../admin/request-key';
import { deleteVersioned, fieldError, lockVersioned } from '../admin/versioned';
import { likePattern } from '../news/news.service';
import { tagsByProduct } from './product.service';

type ProductRow = typeof product.$inferSelect;

const toAdminProduct = (row: ProductRow, tags: { id: number; name: string }[]): AdminProduct => ({
  id: row.id,
  name: row.name,
  summary: row.summary,
  priceFen: row.priceFen,
  priceUnit: row.priceUnit,
  coverFileUuid: row.coverFileUuid,
  detailHtml: row.detailHtml,
  specs: row.specs,
  status: row.status as ProductStatus,
  sort: row.sort,
  tags,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

export interface AdminProductCriteria extends PagingInput {
  keyword?: string;
  status?: ProductStatus;
  tagId?: number;
}

export const listAdminProducts = async (db: Db, criteria: AdminProductCriteria) => {
  const conditions: (SQL | undefined)[] = [eq(product.siteId, SITE_ID)];
  if (criteria.keyword) conditions.push(ilike(product.name, likePattern(criteria.keyword)));
  if (criteria.status) conditions.push(eq(product.status, criteria.status));
  if (criteria.tagId)
    conditions.push(
      sql`exists (select 1 from product_to_tag pt where pt.product_id = "product"."id" and pt.tag_id = ${criteria.tagId})`,
    );
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(product)
      .where(where)
      .orderBy(asc(product.sort), asc(product.id))
      .limit(criteria.pageSize)
      .offset(offsetOf(criteria)),
    db.select({ total: sql<number>`count(*)::int` }).from(product).where(where),
  ]);
  const tags = await tagsByProduct(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toAdminProduct(r, tags.get(r.id) ?? [])),
    paging: toPaging(criteria, count?.total ?? 0),
  };
};

const productNotFound = () => fieldError(BusinessCode.NOT_FOUND, 'productId', messages.productNotFound);

const getAdminProduct = async (db: Db, id: number) => {
  const [row] = await db
    .select()
    .from(product)
    .where(and(eq(product.siteId, SITE_ID), eq(product.id, id)));
  if (!row) throw productNotFound();
  const tags = await tagsByProduct(db, [id]);
  return toAdminProduct(row, tags.get(id) ?? []);
};

const checkReferences = async (db: Db, fields: ProductFields) => {
  if (fields.tagIds.length > 0) {
    const found = await db
      .select({ id: productTag.id })
      .from(productTag)
      .where(and(eq(productTag.siteId, SITE_ID), inArray(productTag.id, fields.tagIds)));
    if (found.length !== fields.tagIds.length)
      throw fieldError(BusinessCode.BAD_REQUEST, 'tagIds', messages.tagNotFound);
  }
  if (fields.coverFileUuid) {
    const [cover] = await db
      .select({ uuid: file.uuid })
      .from(file)
      .where(eq(file.uuid, fields.coverFileUuid));
    if (!cover) throw fieldError(BusinessCode.BAD_REQUEST, 'coverFileUuid', messages.fileNotFound);
  }
};

const storedValues = (fields: ProductFields) => ({
  name: fields.name,
  summary: fields.summary ?? '',
  priceFen: fields.price,
  priceUnit: fields.priceUnit,
  coverFileUuid: fields.coverFileUuid ?? null,
  detailHtml: sanitizeRichText(fields.detailHtml),
  specs: fields.specs,
  status: fields.status,
  sort: fields.sort ?? 100,
});

const setTags = async (db: Db, productId: number, tagIds: number[]) => {
  await db.delete(productToTag).where(eq(productToTag.productId, productId));
  if (tagIds.length > 0) await db.insert(productToTag).values(tagIds.map((tagId) => ({ productId, tagId })));
};

export const createAdminProduct = async (
  db: Db,
  actor: Actor,
  fields: ProductFields & { requestKey: string },
) => {
  await checkReferences(db, fields);
  const values = storedValues(fields);
  const id = await db.transaction(async (tx) => {
    const created = await insertOnce(tx, product, {
      ...values,
      siteId: SITE_ID,
      requestKey: fields.requestKey,
    });
    if (!created.created) return created.id;
    await setTags(tx, created.id, fields.tagIds);
    await recordAudit(tx, actor, {
      action: 'create',
      targetType: 'product',
      targetId: created.id,
      detail: { name: values.name, priceFen: values.priceFen, status: values.status },
    });
    return created.id;
  });
  return getAdminProduct(db, id);
};

export const updateAdminProduct = async (
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  fields: ProductFields,
) => {
  await checkReferences(db, fields);
  await db.transaction(async (tx) => {
    const before = await lockVersioned(tx, product, id, version, {
      field: 'productId',
      message: messages.productNotFound,
    });
    const values = storedValues(fields);
    const beforeTags = (await tagsByProduct(tx, [id])).get(id)?.map((t) => t.id) ?? [];
    await tx
      .update(product)
      .set({ ...values, version: before.version + 1, updatedAt: new Date() })
      .where(eq(product.id, id));
    await setTags(tx, id, fields.tagIds);
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'product',
      targetId: id,
      detail: {
        name: values.name,
        changes: changedFields({ ...before, tagIds: beforeTags }, { ...values, tagIds: fields.tagIds }),
      },
    });
  });
  return getAdminProduct(db, id);
};

export const deleteAdminProduct = (db: Db, actor: Actor, id: number, version: number) =>
  deleteVersioned(db, actor, {
    table: product,
    id,
    version,
    notFoundMessage: messages.productNotFound,
    targetType: 'product',
    audited: { name: product.name },
  });

// Product tags

const tagColumns = {
  id: productTag.id,
  name: productTag.name,
  sort: productTag.sort,
  // Qualified by hand: drizzle renders bare column names inside a sub-select.
  productCount: sql<number>`(select count(*)::int from product_to_tag pt where pt.tag_id = "product_tag"."id")`,
  version: productTag.version,
};

export const listAdminTags = async (db: Db): Promise<AdminProductTag[]> =>
  db
    .select(tagColumns)
    .from(productTag)
    .where(eq(productTag.siteId, SITE_ID))
    .orderBy(asc(productTag.sort), asc(productTag.id));

const tagNotFound = () => fieldError(BusinessCode.NOT_FOUND, 'tagId', messages.tagNotFound);

const getAdminTag = async (db: Db, id: number) => {
  const [row] = await db
    .select(tagColumns)
    .from(productTag)
    .where(and(eq(productTag.siteId, SITE_ID), eq(productTag.id, id)));
  if (!row) throw tagNotFound();
  return row;
};

const refuseTakenName = async (db: Db, name: string, exceptId?: number) => {
  const [taken] = await db
    .select({ id: productTag.id })
    .from(productTag)
    .where(
      and(
        eq(productTag.siteId, SITE_ID),
        eq(productTag.name, name),
        exceptId ? ne(productTag.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError(BusinessCode.BAD_REQUEST, 'name', messages.tagNameTaken);
};

export const createAdminTag = async (
  db: Db,
  actor: Actor,
  input: { name: string; sort?: number; requestKey: string },
) => {
  const id = await db.transaction(async (tx) => {
    const [again] = await tx
      .select({ id: productTag.id })
      .from(productTag)
      .where(eq(productTag.requestKey, input.requestKey));
    if (again) return again.id;
    await refuseTakenName(tx, input.name);
    // The unique indexes settle a race between two creates (same key or same name).
    const created = await insertOnce(
      tx,
      productTag,
      { siteId: SITE_ID, name: input.name, sort: input.sort ?? 100, requestKey: input.requestKey },
      () => fieldError(BusinessCode.BAD_REQUEST, 'name', messages.tagNameTaken),
    );
    if (!created.created) return created.id;
    await recordAudit(tx, actor, {
      action: 'create',
      targetType: 'product_tag',
      targetId: created.id,
      detail: { name: input.name },
    });
    return created.id;
  });
  return getAdminTag(db, id);
};

export const updateAdminTag = async (
  db: Db,
  actor: Actor,
  input: { tagId: number; name: string; sort?: number; version: number },
) => {
  await db.transaction(async (tx) => {
    const before = await lockVersioned(tx, productTag, input.tagId, input.version, {
      field: 'tagId',
      message: messages.tagNotFound,
    });
    await refuseTakenName(tx, input.name, input.tagId);
    const values = { name: input.name, sort: input.sort ?? before.sort };
    await tx
      .update(productTag)
      .set({ ...values, version: before.version + 1 })
      .where(eq(productTag.id, input.tagId));
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'product_tag',
      targetId: input.tagId,
      detail: { name: input.name, changes: changedFields(before, values) },
    });
  });
  return getAdminTag(db, input.tagId);
};

export const deleteAdminTag = (db: Db, actor: Actor, id: number, version: number) =>
  deleteVersioned(db, actor, {
    table: productTag,
    id,
    version,
    notFoundMessage: messages.tagNotFound,
    targetType: 'product_tag',
    audited: { name: productTag.name },
  });
