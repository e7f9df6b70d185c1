/**
 * Products as the console manages them (tags: product-tag-admin.service.ts). Prices arrive parsed to integer fen by
 * the contract; details are sanitised on write; each write appends its audit row.
 */
import {
  type AdminProduct,
  BusinessCode,
  messages,
  type PagingInput,
  type Permission,
  type ProductFields,
  type ProductStatus,
  type ProductUpdateFields,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file, product, productTag, productToTag } from '../db/schema';
import { definedOnly, orEmpty } from '../shared/admin/partial';
import { createAudited } from '../shared/admin/request-key';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { likePattern, pageOf, rowCount } from '../shared/paging';
import { sanitizeRichText } from '../shared/rich-text';
import { tagsByProduct } from './product.service';
import {
  deleteProductToBin,
  recordProductRevision,
  requireProductPublishFor,
} from './product-history.service';

type ProductRow = typeof product.$inferSelect;

const toAdminProduct = (row: ProductRow, tags: { id: number; name: string }[]): AdminProduct => ({
  id: row.id,
  name: row.name,
  summary: row.summary,
  priceFen: row.priceFen,
  priceUnit: row.priceUnit,
  coverFileUuid: row.coverFileUuid,
  galleryFileUuids: row.galleryFileUuids,
  detailHtml: row.detailHtml,
  specs: row.specs,
  status: row.status,
  sort: row.sort,
  tags,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

export interface AdminProductCriteria extends PagingInput {
  keyword?: string;
  status?: ProductStatus;
  tagId?: number;
  productId?: number;
}

export const listAdminProducts = async (db: Db, criteria: AdminProductCriteria) => {
  const conditions: (SQL | undefined)[] = [eq(product.siteId, SITE_ID)];
  if (criteria.keyword) conditions.push(ilike(product.name, likePattern(criteria.keyword)));
  if (criteria.status) conditions.push(eq(product.status, criteria.status));
  if (criteria.productId) conditions.push(eq(product.id, criteria.productId));
  if (criteria.tagId)
    conditions.push(
      sql`exists (select 1 from product_to_tag pt where pt.product_id = "product"."id" and pt.tag_id = ${criteria.tagId})`,
    );
  const where = and(...conditions);
  const { items: rows, paging } = await pageOf(
    criteria,
    db.select().from(product).where(where).orderBy(asc(product.sort), asc(product.id)).$dynamic(),
    db.select(rowCount).from(product).where(where),
  );
  const tags = await tagsByProduct(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toAdminProduct(r, tags.get(r.id) ?? [])),
    paging,
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

interface ProductReferences {
  tagIds?: number[];
  coverFileUuid?: string | null;
  galleryFileUuids?: string[];
}

/** Tags and pictures named by a save must exist (only those the save names). */
export const checkReferences = async (db: Db, refs: ProductReferences) => {
  if (refs.tagIds && refs.tagIds.length > 0) {
    const found = await db
      .select({ id: productTag.id })
      .from(productTag)
      .where(and(eq(productTag.siteId, SITE_ID), inArray(productTag.id, refs.tagIds)));
    if (found.length !== refs.tagIds.length)
      throw fieldError(BusinessCode.BAD_REQUEST, 'tagIds', messages.tagNotFound);
  }
  const pictures: [string, string[]][] = [
    ['coverFileUuid', refs.coverFileUuid ? [refs.coverFileUuid] : []],
    ['galleryFileUuids', refs.galleryFileUuids ?? []],
  ];
  for (const [field, uuids] of pictures) {
    if (uuids.length === 0) continue;
    const found = await db.select({ uuid: file.uuid }).from(file).where(inArray(file.uuid, uuids));
    if (found.length !== new Set(uuids).size)
      throw fieldError(BusinessCode.BAD_REQUEST, field, messages.fileNotFound);
  }
};

const storedValues = (fields: ProductFields) => ({
  name: fields.name,
  summary: fields.summary ?? '',
  priceFen: fields.price,
  priceUnit: fields.priceUnit,
  coverFileUuid: fields.coverFileUuid ?? null,
  galleryFileUuids: fields.galleryFileUuids,
  detailHtml: sanitizeRichText(fields.detailHtml),
  specs: fields.specs,
  status: fields.status,
  sort: fields.sort ?? 100,
});

/** The columns an update sets: only the fields it was sent. */
export const updatedValues = (fields: ProductUpdateFields) =>
  definedOnly({
    name: fields.name,
    summary: orEmpty(fields.summary, ''),
    priceFen: fields.price,
    priceUnit: fields.priceUnit,
    coverFileUuid: orEmpty(fields.coverFileUuid, null),
    galleryFileUuids: fields.galleryFileUuids,
    detailHtml: fields.detailHtml === undefined ? undefined : sanitizeRichText(fields.detailHtml),
    specs: fields.specs,
    status: fields.status,
    sort: fields.sort,
  });

const setTags = async (db: Db, productId: number, tagIds: number[]) => {
  await db.delete(productToTag).where(eq(productToTag.productId, productId));
  if (tagIds.length > 0) await db.insert(productToTag).values(tagIds.map((tagId) => ({ productId, tagId })));
};

export const createAdminProduct = async (
  db: Db,
  actor: Actor,
  fields: ProductFields & { requestKey: string },
  held: readonly Permission[],
) => {
  requireProductPublishFor(held, fields.status);
  await checkReferences(db, fields);
  const values = storedValues(fields);
  const id = await createAudited(db, actor, {
    table: product,
    values: { ...values, siteId: SITE_ID, requestKey: fields.requestKey },
    targetType: 'product',
    detail: { name: values.name, priceFen: values.priceFen, status: values.status },
    after: async (tx, created) => {
      await setTags(tx, created, fields.tagIds);
      await recordProductRevision(tx, actor, created, 'create');
    },
  });
  return getAdminProduct(db, id);
};

export const updateAdminProduct = async (
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  fields: ProductUpdateFields,
  held: readonly Permission[],
) => {
  await checkReferences(db, fields);
  await updateVersioned(db, actor, {
    table: product,
    id,
    version,
    missing: { field: 'productId', message: messages.productNotFound },
    targetType: 'product',
    change: async (before, tx) => {
      requireProductPublishFor(held, before.status, fields.status);
      const values = updatedValues(fields);
      const beforeTags = (await tagsByProduct(tx, [id])).get(id)?.map((t) => t.id) ?? [];
      const after = { ...values, ...(fields.tagIds ? { tagIds: fields.tagIds } : {}) };
      return {
        set: values,
        detail: {
          name: values.name ?? before.name,
          changes: changedFields({ ...before, tagIds: beforeTags }, after),
        },
      };
    },
    after: async (tx) => {
      if (fields.tagIds) await setTags(tx, id, fields.tagIds);
      await recordProductRevision(tx, actor, id, 'update');
    },
  });
  return getAdminProduct(db, id);
};

/** Delete goes to the recycle bin (restorable for RECYCLE_BIN_DAYS days). */
export const deleteAdminProduct = deleteProductToBin;
