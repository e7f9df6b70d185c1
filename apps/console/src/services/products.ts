/** Product and product-tag calls (store base, admin). Prices go out as yuan text, come back as fen. */
import {
  type ActionArgs,
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
import { call, callList, callOne, JSON_BODY } from './client';

export type ProductQuery = Parameters<typeof callList<typeof inquireProductListAdmin>>[1];

export const listProducts = (query: ProductQuery) => callList(inquireProductListAdmin, query);

/** The product form's values: what createProductAdmin takes (price as the yuan text typed), minus its request key. */
export type ProductForm = Omit<ActionArgs<typeof createProductAdmin>, 'requestKey'>;

export const createProduct = async (form: ProductForm, requestKey: string) =>
  callOne(createProductAdmin, { ...form, requestKey }, JSON_BODY);

export const updateProduct = async (p: AdminProduct, form: Partial<ProductForm>) =>
  callOne(updateProductAdmin, { ...form, productId: p.id, version: p.version }, JSON_BODY);

export const deleteProduct = (p: AdminProduct) =>
  call(deleteProductAdmin, { productId: p.id, version: p.version });

export const listTags = async () => (await call(inquireProductTagListAdmin)).datas;

export const createTag = (name: string, requestKey: string) =>
  call(createProductTagAdmin, { name, requestKey }, { quiet: true });

export const renameTag = (tag: AdminProductTag, name: string) =>
  call(updateProductTagAdmin, { tagId: tag.id, name, sort: tag.sort, version: tag.version }, { quiet: true });

export const deleteTag = (tag: AdminProductTag) =>
  call(deleteProductTagAdmin, { tagId: tag.id, version: tag.version });
