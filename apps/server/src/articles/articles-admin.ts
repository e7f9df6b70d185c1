import {
  ARTICLE_PREVIEW_TTL_MS,
  articlePreviewPath,
  createArticleAdmin,
  createArticlePreviewAdmin,
  deleteArticleAdmin,
  inquireArticleDetailAdmin,
  inquireArticleListAdmin,
  ok,
  updateArticleAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { actorOf } from '../shared/audit';
import { signPreviewToken } from '../shared/preview-token';
import {
  createAdminArticle,
  deleteAdminArticle,
  getAdminArticle,
  listAdminArticles,
  updateAdminArticle,
} from './article-admin.service';

export const articleAdminActions = [
  implement(inquireArticleListAdmin, async ({ input, app }) => {
    const { items, paging } = await listAdminArticles(app.db, input);
    return ok(items, paging);
  }),
  implement(inquireArticleDetailAdmin, async ({ input, app, request }) =>
    ok([await getAdminArticle(app.db, input.articleId, actorOf(app, request).accountId)]),
  ),
  implement(createArticleAdmin, async ({ input, app, request }) =>
    ok([await createAdminArticle(app.db, actorOf(app, request), input)]),
  ),
  implement(updateArticleAdmin, async ({ input, app, request }) => {
    const { articleId, version, ...fields } = input;
    return ok([await updateAdminArticle(app.db, actorOf(app, request), articleId, version, fields)]);
  }),
  implement(deleteArticleAdmin, async ({ input, app, request }) => {
    await deleteAdminArticle(app.db, actorOf(app, request), input.articleId, input.version);
    return ok([{ id: input.articleId }]);
  }),
  implement(createArticlePreviewAdmin, async ({ input, app }) => {
    await getAdminArticle(app.db, input.articleId); // 404 for an unknown article
    const expiresAt = new Date(Date.now() + ARTICLE_PREVIEW_TTL_MS);
    const token = signPreviewToken(app.config.previewSecret, input.articleId, expiresAt);
    return ok([{ path: articlePreviewPath(token), expiresAt: expiresAt.toISOString() }]);
  }),
];
