import { inquireArticleDetailByCondition, inquireArticleListByCondition, ok } from '@yuexun/contract';
import { implement } from '../registry';
import { getArticleDetail, listArticles } from './news.service';

export const articleActions = [
  implement(inquireArticleListByCondition, async ({ input, app }) => {
    const { items, paging } = await listArticles(app.db, input);
    return ok(items, paging);
  }),
  implement(inquireArticleDetailByCondition, async ({ input, app }) => {
    const detail = await getArticleDetail(app.db, input.articleId);
    app.viewCounter.count(detail.id);
    return ok([{ ...detail, viewCount: detail.viewCount + app.viewCounter.unwritten(detail.id) }]);
  }),
];
