import {
  createCategoryAdmin,
  deleteCategoryAdmin,
  inquireCategoryTreeAdmin,
  moveCategoryAdmin,
  ok,
  renameCategoryAdmin,
  reorderCategoriesAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { actorOf } from '../shared/audit';
import {
  createCategory,
  deleteCategory,
  listCategoryTree,
  moveCategory,
  renameCategory,
  reorderCategories,
} from './category-admin.service';

export const categoryAdminActions = [
  implement(inquireCategoryTreeAdmin, async ({ app }) => ok(await listCategoryTree(app.db))),
  implement(createCategoryAdmin, async ({ input, app, request }) =>
    ok([await createCategory(app.db, actorOf(app, request), input)]),
  ),
  implement(renameCategoryAdmin, async ({ input, app, request }) =>
    ok([await renameCategory(app.db, actorOf(app, request), input.categoryId, input.name, input.version)]),
  ),
  implement(moveCategoryAdmin, async ({ input, app, request }) =>
    ok([await moveCategory(app.db, actorOf(app, request), input.categoryId, input.parentId, input.version)]),
  ),
  implement(reorderCategoriesAdmin, async ({ input, app, request }) =>
    ok(await reorderCategories(app.db, actorOf(app, request), input)),
  ),
  implement(deleteCategoryAdmin, async ({ input, app, request }) => {
    await deleteCategory(app.db, actorOf(app, request), input.categoryId, input.version);
    return ok([{ id: input.categoryId }]);
  }),
];
