/** Price-shop queries: published products grouped by tag, and one product's detail. */
import {
  BusinessCode,
  messages,
  type ProductDetail,
  type ProductListItem,
  SITE_ID,
  type TagWithProducts,
} from '@yuexun/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { product, productTag, productToTag } from '../db/schema';
import { BusinessError } from '../shared/errors';

export const publishedProduct = () => and(eq(product.siteId, SITE_ID), eq(product.status, 'published'));

const listColumns = {
  id: product.id,
  name: product.name,
  summary: product.summary,
  priceFen: product.priceFen,
  priceUnit: product.priceUnit,
  coverFileUuid: product.coverFileUuid,
};

export const tagsByProduct = async (db: Db, productIds: number[]) => {
  const map = new Map<number, { id: number; name: string }[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select({ productId: productToTag.productId, id: productTag.id, name: productTag.name })
    .from(productToTag)
    .innerJoin(productTag, eq(productTag.id, productToTag.tagId))
    .where(inArray(productToTag.productId, productIds))
    .orderBy(asc(productTag.sort), asc(productTag.id));
  for (const { productId, id, name } of rows) {
    const list = map.get(productId) ?? [];
    list.push({ id, name });
    map.set(productId, list);
  }
  return map;
};

export const listTagsWithProducts = async (db: Db, tagId?: number): Promise<TagWithProducts[]> => {
  const tagFilter = tagId
    ? and(eq(productTag.siteId, SITE_ID), eq(productTag.id, tagId))
    : eq(productTag.siteId, SITE_ID);
  const [tags, rows] = await Promise.all([
    db
      .select({ id: productTag.id, name: productTag.name })
      .from(productTag)
      .where(tagFilter)
      .orderBy(asc(productTag.sort), asc(productTag.id)),
    db
      .select({ ...listColumns, tagId: productToTag.tagId })
      .from(product)
      .innerJoin(productToTag, eq(productToTag.productId, product.id))
      .where(publishedProduct())
      .orderBy(asc(product.sort), asc(product.id)),
  ]);
  const tagsOf = await tagsByProduct(db, [...new Set(rows.map((r) => r.id))]);
  return tags.map((tag) => ({
    tagId: tag.id,
    tagName: tag.name,
    products: rows
      .filter((r) => r.tagId === tag.id)
      .map(({ tagId: _, ...item }): ProductListItem => ({ ...item, tags: tagsOf.get(item.id) ?? [] })),
  }));
};

export const getProductDetail = async (db: Db, productId: number): Promise<ProductDetail> => {
  const [row] = await db
    .select({
      ...listColumns,
      galleryFileUuids: product.galleryFileUuids,
      detailHtml: product.detailHtml,
      specs: product.specs,
    })
    .from(product)
    .where(and(publishedProduct(), eq(product.id, productId)));
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.productNotFound);
  const tagsOf = await tagsByProduct(db, [row.id]);
  return { ...row, tags: tagsOf.get(row.id) ?? [] };
};

export const isPublishedProduct = async (db: Db, productId: number) => {
  const [row] = await db
    .select({ id: product.id })
    .from(product)
    .where(and(publishedProduct(), eq(product.id, productId)));
  return Boolean(row);
};

/** Every published product's id and last change, for the sitemap. */
export const listPublishedProductStamps = (db: Db) =>
  db
    .select({ id: product.id, updatedAt: product.updatedAt })
    .from(product)
    .where(publishedProduct())
    .orderBy(asc(product.id));
