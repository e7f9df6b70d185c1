/** Store base: price shop products and sales leads (customer intentions). */
import { z } from 'zod';
import { defineAction } from './action';
import { ATTRIBUTION_MAX } from './attribution';
import { LEAD_MESSAGE_MAX, SCHOOL_TYPES } from './constants';
import {
  cleanString,
  mobilePhone,
  oneOf,
  optionalPositiveInt,
  optionalText,
  positiveInt,
  siteScoped,
  text,
} from './fields';

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

/** Name of the hidden field bots fill in; people never see it. */
export const HONEYPOT_FIELD = 'website';

export const customerIntentionInput = siteScoped.extend({
  contactName: text('联系人姓名', 30),
  phone: mobilePhone(),
  schoolName: text('学校名称', 60),
  region: text('所在地区', 60),
  schoolType: oneOf('学校类型', SCHOOL_TYPES),
  role: text('您的职务', 30),
  interestedProductId: optionalPositiveInt('意向产品'),
  message: optionalText('需求描述', LEAD_MESSAGE_MAX),
  sourcePage: optionalText('来源页面', 200),
  /** First page of the visit (path and query) and its referrer, kept by the site's first-party script. */
  landingPage: optionalText('着陆页', ATTRIBUTION_MAX.page),
  referrer: optionalText('来源网址', ATTRIBUTION_MAX.page),
  [HONEYPOT_FIELD]: cleanString('网址').max(200).optional(),
});
export type CustomerIntentionInput = z.input<typeof customerIntentionInput>;
export type CustomerIntention = z.output<typeof customerIntentionInput>;

export const createdRecord = z.object({ id: z.number().int() });

export const createCustomerIntentionSALEPPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createCustomerIntentionSALEPPublic',
  auth: 'public',
  summary: '提交合作意向（销售线索）；同一手机号 10 分钟内重复提交返回已有记录',
  input: customerIntentionInput,
  item: createdRecord,
  result: 'record',
  mutates: true,
});
