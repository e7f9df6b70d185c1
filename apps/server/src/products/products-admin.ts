import {
  createProductAdmin,
  createProductTagAdmin,
  deleteProductAdmin,
  deleteProductTagAdmin,
  inquireProductListAdmin,
  inquireProductTagListAdmin,
  ok,
  updateProductAdmin,
  updateProductTagAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import {
  createAdminProduct,
  deleteAdminProduct,
  listAdminProducts,
  updateAdminProduct,
} from './product-admin.service';
import { createAdminTag, deleteAdminTag, listAdminTags, updateAdminTag } from './product-tag-admin.service';

export const productAdminActions = [
  implement(inquireProductListAdmin, async ({ input, app }) => {
    const { items, paging } = await listAdminProducts(app.db, input);
    return ok(items, paging);
  }),
  implement(createProductAdmin, async ({ input, app, actor }) =>
    ok([await createAdminProduct(app.db, actor, input)]),
  ),
  implement(updateProductAdmin, async ({ input, app, actor }) => {
    const { productId, version, ...fields } = input;
    return ok([await updateAdminProduct(app.db, actor, productId, version, fields)]);
  }),
  implement(deleteProductAdmin, async ({ input, app, actor }) => {
    await deleteAdminProduct(app.db, actor, input.productId, input.version);
    return ok([{ id: input.productId }]);
  }),
  implement(inquireProductTagListAdmin, async ({ app }) => ok(await listAdminTags(app.db))),
  implement(createProductTagAdmin, async ({ input, app, actor }) =>
    ok([await createAdminTag(app.db, actor, input)]),
  ),
  implement(updateProductTagAdmin, async ({ input, app, actor }) =>
    ok([await updateAdminTag(app.db, actor, input)]),
  ),
  implement(deleteProductTagAdmin, async ({ input, app, actor }) => {
    await deleteAdminTag(app.db, actor, input.tagId, input.version);
    return ok([{ id: input.tagId }]);
  }),
];
