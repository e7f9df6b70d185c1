/** Product and product-tag calls (store base, admin). Prices go out as yuan text, come back as fen. */
import {
  type AdminProduct,
  type AdminProductTag,
  createProductAdmin,
  createProductTagAdmin,
  deleteProductAdmin,
  deleteProductTagAdmin,
  inquireProductListAdmin,
  inquireProductTagListAdmin,
  updateProductAdmin,
  updateProductTagAdmin,
} from '@yuexun/contract';
import { call, callJson, callList } from './client';

export type ProductQuery = Parameters<typeof callList<typeof inquireProductListAdmin>>[1];

export const listProducts = (query: ProductQuery) => callList(inquireProductListAdmin, query);

export interface ProductForm {
  name: string;
  summary?: string;
  /** Yuan as typed. */
  price: string;
  priceUnit: string;
  coverFileUuid?: string;
  detailHtml: string;
  specs: { name: string; value: string }[];
  status: 'draft' | 'published';
  sort?: number;
  tagIds: number[];
}

export const createProduct = async (form: ProductForm, requestKey: string) =>
  (await callJson(createProductAdmin, { ...form, requestKey } as never)).datas[0] as AdminProduct;

export const updateProduct = async (p: AdminProduct, form: ProductForm) =>
  (await callJson(updateProductAdmin, { ...form, productId: p.id, version: p.version } as never))
    .datas[0] as AdminProduct;

export const deleteProduct = (p: AdminProduct) =>
  call(deleteProductAdmin, { productId: p.id, version: p.version });

export const listTags = async () => (await call(inquireProductTagListAdmin)).datas as AdminProductTag[];

export const createTag = (name: string, requestKey: string) =>
  call(createProductTagAdmin, { name, requestKey }, { quiet: true });

export const renameTag = (tag: AdminProductTag, name: string) =>
  call(updateProductTagAdmin, { tagId: tag.id, name, sort: tag.sort, version: tag.version }, { quiet: true });

export const deleteTag = (tag: AdminProductTag) =>
  call(deleteProductTagAdmin, { tagId: tag.id, version: tag.version });
