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
import { actorOf } from '../shared/audit';
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
  implement(createProductAdmin, async ({ input, app, request }) =>
    ok([await createAdminProduct(app.db, actorOf(app, request), input)]),
  ),
  implement(updateProductAdmin, async ({ input, app, request }) => {
    const { productId, version, ...fields } = input;
    return ok([await updateAdminProduct(app.db, actorOf(app, request), productId, version, fields)]);
  }),
  implement(deleteProductAdmin, async ({ input, app, request }) => {
    await deleteAdminProduct(app.db, actorOf(app, request), input.productId, input.version);
    return ok([{ id: input.productId }]);
  }),
  implement(inquireProductTagListAdmin, async ({ app }) => ok(await listAdminTags(app.db))),
  implement(createProductTagAdmin, async ({ input, app, request }) =>
    ok([await createAdminTag(app.db, actorOf(app, request), input)]),
  ),
  implement(updateProductTagAdmin, async ({ input, app, request }) =>
    ok([await updateAdminTag(app.db, actorOf(app, request), input)]),
  ),
  implement(deleteProductTagAdmin, async ({ input, app, request }) => {
    await deleteAdminTag(app.db, actorOf(app, request), input.tagId, input.version);
    return ok([{ id: input.tagId }]);
  }),
];
