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
import { authOf } from '../http/auth-plugin';
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
  implement(createProductAdmin, async ({ input, app, actor, request }) =>
    ok([await createAdminProduct(app.db, actor, input, authOf(request).permissions)]),
  ),
  implement(updateProductAdmin, async ({ input, app, actor, request }) => {
    const { productId, version, ...fields } = input;
    const held = authOf(request).permissions;
    return ok([await updateAdminProduct(app.db, actor, productId, version, fields, held)]);
  }),
  implement(deleteProductAdmin, async ({ input, app, actor, request }) => {
    await deleteAdminProduct(app.db, actor, input.productId, input.version, authOf(request).permissions);
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
