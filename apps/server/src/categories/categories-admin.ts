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
  implement(createCategoryAdmin, async ({ input, app, actor }) =>
    ok([await createCategory(app.db, actor, input)]),
  ),
  implement(renameCategoryAdmin, async ({ input, app, actor }) =>
    ok([await renameCategory(app.db, actor, input.categoryId, input.name, input.version)]),
  ),
  implement(moveCategoryAdmin, async ({ input, app, actor }) =>
    ok([await moveCategory(app.db, actor, input.categoryId, input.parentId, input.version)]),
  ),
  implement(reorderCategoriesAdmin, async ({ input, app, actor }) =>
    ok(await reorderCategories(app.db, actor, input)),
  ),
  implement(deleteCategoryAdmin, async ({ input, app, actor }) => {
    await deleteCategory(app.db, actor, input.categoryId, input.version);
    return ok([{ id: input.categoryId }]);
  }),
];
