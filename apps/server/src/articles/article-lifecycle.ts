/**
 * An article's life-cycle actions: status changes (publish, schedule, take offline) and autosave. Revisions
 * and the recycle bin, shared with products, stay in content-history/.
 */
import { autosaveArticleAdmin, changeArticleStatusAdmin, ok } from '@yuexun/contract';
import { implement } from '../http/registry';
import { autosaveArticle, changeArticleStatus } from './article-lifecycle.service';

export const articleLifecycleActions = [
  implement(changeArticleStatusAdmin, async ({ input, app, actor }) =>
    ok([await changeArticleStatus(app.db, actor, input)]),
  ),
  implement(autosaveArticleAdmin, async ({ input, app, actor }) =>
    ok([await autosaveArticle(app.db, actor, input)]),
  ),
];
