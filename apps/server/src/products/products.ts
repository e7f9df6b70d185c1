import { inquireProductDetailSALEPPublic, inquireTagProductListSALEPPublic, ok } from '@yuexun/contract';
import { implement } from '../http/registry';
import { getProductDetail, listTagsWithProducts } from './product.service';

export const productActions = [
  implement(inquireTagProductListSALEPPublic, async ({ input, app }) =>
    ok(await app.readCache.get(`tags:${input.tagId ?? ''}`, () => listTagsWithProducts(app.db, input.tagId))),
  ),
  implement(inquireProductDetailSALEPPublic, async ({ input, app }) =>
    ok([
      await app.readCache.get(`product:${input.productId}`, () => getProductDetail(app.db, input.productId)),
    ]),
  ),
];
