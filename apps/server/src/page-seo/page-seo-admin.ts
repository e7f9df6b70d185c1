import { inquirePageSeoListAdmin, ok, updateCategorySeoAdmin, updatePageSeoAdmin } from '@yuexun/contract';
import { implement } from '../http/registry';
import { actorOf } from '../shared/audit';
import { listPageSeo, saveCategorySeo, savePageSeo } from './page-seo.service';

export const pageSeoActions = [
  implement(inquirePageSeoListAdmin, async ({ app }) => ok(await listPageSeo(app.db))),
  implement(updatePageSeoAdmin, async ({ input, app, request }) => {
    const { page, version, title, keywords, description } = input;
    return ok([
      await savePageSeo(app.db, actorOf(app, request), page, version, { title, keywords, description }),
    ]);
  }),
  implement(updateCategorySeoAdmin, async ({ input, app, request }) => {
    const { categoryId, version, title, keywords, description } = input;
    return ok([
      await saveCategorySeo(app.db, actorOf(app, request), categoryId, version, {
        title,
        keywords,
        description,
      }),
    ]);
  }),
];
