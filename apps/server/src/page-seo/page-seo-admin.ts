import { inquirePageSeoListAdmin, ok, updateCategorySeoAdmin, updatePageSeoAdmin } from '@yuexun/contract';
import { implement } from '../http/registry';
import { listPageSeo, saveCategorySeo, savePageSeo } from './page-seo.service';

export const pageSeoActions = [
  implement(inquirePageSeoListAdmin, async ({ app }) => ok(await listPageSeo(app.db))),
  implement(updatePageSeoAdmin, async ({ input, app, actor }) => {
    const { page, version, title, keywords, description } = input;
    return ok([await savePageSeo(app.db, actor, page, version, { title, keywords, description })]);
  }),
  implement(updateCategorySeoAdmin, async ({ input, app, actor }) => {
    const { categoryId, version, title, keywords, description } = input;
    return ok([
      await saveCategorySeo(app.db, actor, categoryId, version, {
        title,
        keywords,
        description,
      }),
    ]);
  }),
];
