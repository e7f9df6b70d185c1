/** Console management of products and product tags (store base, admin only). Prices in yuan in, fen out. */
import { z } from 'zod';
import { defineAction } from './action';
import {
  clearable,
  fileUuidList,
  idList,
  optionalIntInRange,
  requestKeyField,
  versionField,
  yuanPrice,
} from './admin-fields';
import { PRODUCT_STATUSES } from './constants';
import {
  cleanString,
  listField,
  oneOf,
  optionalOneOf,
  optionalPositiveInt,
  optionalText,
  positiveInt,
  prepared,
  preparedAs,
  siteScoped,
  text,
} from './fields';
import { fileUuid } from './files';
import { messages } from './messages';
import { pagingInput } from './paging';
import { productSpec, productTagRef } from './products';

export const PRODUCT_DETAIL_MAX = 100_000;
export const PRODUCT_SPECS_MAX = 30;
export const PRODUCT_GALLERY_MAX = 12;

export const adminProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  summary: z.string(),
  /** Integer fen; the console shows it as yuan with two decimals. */
  priceFen: z.number().int(),
  priceUnit: z.string(),
  coverFileUuid: z.string().nullable(),
  /** More pictures shown on the product page after the cover, in this order. */
  galleryFileUuids: z.array(z.string()),
  detailHtml: z.string(),
  specs: z.array(productSpec),
  status: z.enum(PRODUCT_STATUSES),
  sort: z.number().int(),
  tags: z.array(productTagRef),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

/** One line of a product's specification table. */
export const productSpecFields = z.object({ name: text('规格名称', 20), value: text('规格内容', 100) });

const specs = listField(productSpecFields, {
  label: '规格',
  max: PRODUCT_SPECS_MAX,
  error: '规格格式不正确',
  commas: false,
});

export const productFields = z.object({
  name: text('产品名称', 60),
  summary: optionalText('产品简介', 300),
  /** Yuan as typed, e.g. "19800" or "19800.5"; stored as fen. */
  price: yuanPrice('价格'),
  priceUnit: text('计价单位', 10),
  coverFileUuid: preparedAs<string | null | undefined>()(
    (v) => (v === '' || v === null ? undefined : v),
    fileUuid.optional(),
  ),
  galleryFileUuids: fileUuidList('产品图集', PRODUCT_GALLERY_MAX, fileUuid),
  detailHtml: prepared(
    (v) => (v === undefined || v === null ? '' : v),
    cleanString('产品详情').refine((v) => v.length <= PRODUCT_DETAIL_MAX, {
      error: messages.tooLong('产品详情', PRODUCT_DETAIL_MAX),
    }),
  ),
  specs,
  status: oneOf('上架状态', PRODUCT_STATUSES),
  sort: optionalIntInRange('排序', 0, 9999),
  tagIds: idList('产品标签', 20, 0),
});
export type ProductFields = z.output<typeof productFields>;

/**
 * What an update may carry: only the fields sent change. Lists and the detail are cleared by an
 * empty value ('' or []); the summary and the cover by '' or null.
 */
export const productUpdateFields = productFields.partial().extend({
  summary: clearable(text('产品简介', 300)),
  coverFileUuid: clearable(fileUuid),
});
export type ProductUpdateFields = z.output<typeof productUpdateFields>;

export const inquireProductListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireProductListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '管理端产品列表：按名称关键词、状态、标签（或产品编号）筛选，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    keyword: optionalText('关键词', 50),
    status: optionalOneOf('上架状态', PRODUCT_STATUSES),
    tagId: prepared((v) => (v === '' ? undefined : v), positiveInt('产品标签').optional()),
    /** One product (a notice of its review leads to its form). */
    productId: optionalPositiveInt('产品编号'),
  }),
  item: adminProduct,
  result: 'paged',
});

export const createProductAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createProductAdmin',
  auth: 'admin',
  permission: 'products.write',
  scope: 'site',
  summary: '新建产品（价格以元输入，按分存储）；同一 requestKey 只建一个',
  input: siteScoped.extend(productFields.shape).extend({ requestKey: requestKeyField }),
  item: adminProduct,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const updateProductAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateProductAdmin',
  auth: 'admin',
  permission: 'products.write',
  scope: 'site',
  summary: '修改产品：只改所传字段（未传的保持不变，传空值才清除）；version 不是最新时返回 409',
  input: siteScoped
    .extend(productUpdateFields.shape)
    .extend({ productId: positiveInt('产品编号'), version: versionField }),
  item: adminProduct,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const deleteProductAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteProductAdmin',
  auth: 'admin',
  permission: 'products.write',
  scope: 'site',
  summary: '删除产品；version 不是最新时返回 409',
  input: siteScoped.extend({ productId: positiveInt('产品编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const adminProductTag = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  productCount: z.number().int(),
  version: z.number().int(),
});
export type AdminProductTag = z.infer<typeof adminProductTag>;

const tagName = text('标签名称', 20);

export const inquireProductTagListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireProductTagListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '全部产品标签（含产品数）',
  input: siteScoped,
  item: adminProductTag,
  result: 'list',
});

export const createProductTagAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createProductTagAdmin',
  auth: 'admin',
  permission: 'products.write',
  scope: 'site',
  summary: '新建产品标签（名称不可重复）；同一 requestKey 只建一个',
  input: siteScoped.extend({
    name: tagName,
    sort: optionalIntInRange('排序', 0, 9999),
    requestKey: requestKeyField,
  }),
  item: adminProductTag,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const updateProductTagAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateProductTagAdmin',
  auth: 'admin',
  permission: 'products.write',
  scope: 'site',
  summary: '修改产品标签名称与排序（未传的保持不变）；version 不是最新时返回 409',
  input: siteScoped.extend({
    tagId: positiveInt('标签编号'),
    name: tagName.optional(),
    sort: optionalIntInRange('排序', 0, 9999),
    version: versionField,
  }),
  item: adminProductTag,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const deleteProductTagAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteProductTagAdmin',
  auth: 'admin',
  permission: 'products.write',
  scope: 'site',
  summary: '删除产品标签（产品本身保留）',
  input: siteScoped.extend({ tagId: positiveInt('标签编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});
