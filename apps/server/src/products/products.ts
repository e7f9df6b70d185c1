import { inquireProductDetailSALEPPublic, inquireTagProductListSALEPPublic, ok } from '@yuexun/contract';
import { implement } from '../http/registry';
import { serialisedOnce } from '../http/serialised';
import { getProductDetail, listTagsWithProducts } from './product.service';

export const productActions = [
  implement(inquireTagProductListSALEPPublic, ({ input, app }) =>
    app.readCache.get(`tags-answer:${input.tagId ?? ''}`, async () =>
      serialisedOnce(ok(await listTagsWithProducts(app.db, input.tagId))),
    ),
  ),
  implement(inquireProductDetailSALEPPublic, ({ input, app }) =>
    app.readCache.get(`product-answer:${input.productId}`, async () =>
      serialisedOnce(ok([await getProductDetail(app.db, input.productId)])),
    ),
  ),
];
