/** Products of the price shop (store base, public actions). Implemented by server/src/products. */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalPositiveInt, positiveInt, siteScoped } from './fields';

export const productTagRef = z.object({ id: z.number().int(), name: z.string() });

export const productListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  summary: z.string(),
  /** Price in fen (1/100 yuan); clients format it as yuan. */
  priceFen: z.number().int(),
  /** Unit the price is quoted per, e.g. 校/年. */
  priceUnit: z.string(),
  coverFileUuid: z.string().nullable(),
  tags: z.array(productTagRef),
});
export type ProductListItem = z.infer<typeof productListItem>;

export const productSpec = z.object({ name: z.string(), value: z.string() });

export const productDetail = productListItem.extend({
  /** More pictures after the cover, in order. */
  galleryFileUuids: z.array(z.string()),
  detailHtml: z.string(),
  specs: z.array(productSpec),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const tagWithProducts = z.object({
  tagId: z.number().int(),
  tagName: z.string(),
  products: z.array(productListItem),
});
export type TagWithProducts = z.infer<typeof tagWithProducts>;

export const inquireTagProductListSALEPPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireTagProductListSALEPPublic',
  auth: 'public',
  summary: '产品标签列表，每个标签附带其已上架产品',
  input: siteScoped.extend({ tagId: optionalPositiveInt('标签编号') }),
  item: tagWithProducts,
  result: 'list',
});

export const inquireProductDetailSALEPPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireProductDetailSALEPPublic',
  auth: 'public',
  summary: '已上架产品详情（介绍、价格、规格、标签）',
  input: siteScoped.extend({ productId: positiveInt('产品编号') }),
  item: productDetail,
  result: 'list',
});
