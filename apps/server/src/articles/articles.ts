import { inquireArticleDetailByCondition, inquireArticleListByCondition, ok } from '@yuexun/contract';
import { implement } from '../http/registry';
import { serialisedOnce } from '../http/serialised';
import { getArticleDetail, listArticles } from './article.service';

export const articleActions = [
  implement(inquireArticleListByCondition, async ({ input, app }) => {
    return app.readCache.get(`articles:${JSON.stringify(input)}`, async () => {
      const { items, paging } = await listArticles(app.db, input);
      return serialisedOnce(ok(items, paging));
    });
  }),
  implement(inquireArticleDetailByCondition, async ({ input, app }) => {
    const { articleId } = input;
    const { detail, viewBaseline } = await app.readCache.get(`article:${articleId}`, async () => {
      const loaded = await getArticleDetail(app.db, articleId);
      // Views stored at load time plus those this instance counts afterwards.
      return {
        detail: loaded,
        viewBaseline: app.viewCounter.baseline(articleId, loaded.viewCount),
      };
    });
    app.viewCounter.count(articleId);
    return ok([{ ...detail, viewCount: app.viewCounter.shown(articleId, viewBaseline) }]);
  }),
];
