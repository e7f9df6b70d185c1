import { inquireArticleDetailByCondition, inquireArticleListByCondition, ok } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
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
    const { detail, viewBaseline } = await cachedArticleDetail(app, articleId);
    app.viewCounter.count(articleId);
    return ok([{ ...detail, viewCount: app.viewCounter.shown(articleId, viewBaseline) }]);
  }),
];

/**
 * A published article from the public read cache, shared by the API's detail action and the site's article
 * pages. Throws the not-found BusinessError (never cached). Views: those stored at load time, plus those this
 * instance counts afterwards (`viewCounter.shown`).
 */
export const cachedArticleDetail = (app: FastifyInstance, articleId: number) =>
  app.readCache.get(`article:${articleId}`, async () => {
    const detail = await getArticleDetail(app.db, articleId);
    return { detail, viewBaseline: app.viewCounter.baseline(articleId, detail.viewCount) };
  });
