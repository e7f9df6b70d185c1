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
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
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
  implement(inquireArticleDetailAdmin, async ({ input, app, actor }) =>
    ok([await getAdminArticle(app.db, input.articleId, actor.accountId)]),
  ),
  implement(createArticleAdmin, async ({ input, app, actor, request }) =>
    ok([await createAdminArticle(app.db, actor, input, authOf(request).permissions)]),
  ),
  implement(updateArticleAdmin, async ({ input, app, actor, request }) => {
    const { articleId, version, ...fields } = input;
    const held = authOf(request).permissions;
    return ok([await updateAdminArticle(app.db, actor, articleId, version, fields, held)]);
  }),
  implement(deleteArticleAdmin, async ({ input, app, actor, request }) => {
    await deleteAdminArticle(app.db, actor, input.articleId, input.version, authOf(request).permissions);
    return ok([{ id: input.articleId }]);
  }),
  implement(createArticlePreviewAdmin, async ({ input, app }) => {
    await getAdminArticle(app.db, input.articleId); // 404 for an unknown article
    const expiresAt = new Date(Date.now() + ARTICLE_PREVIEW_TTL_MS);
    const token = signPreviewToken(app.config.previewSecret, input.articleId, expiresAt);
    return ok([{ path: articlePreviewPath(token), expiresAt: expiresAt.toISOString() }]);
  }),
];
