/**
 * Revisions and the recycle bin. Articles and products share the revision and recycle-bin tables;
 * each kind restores through its own service (an article's status changes and autosave: articles/).
 */
import {
  inquireRecycleBinAdmin,
  inquireRevisionDetailAdmin,
  inquireRevisionListAdmin,
  ok,
  restoreFromRecycleBinAdmin,
  restoreRevisionAdmin,
} from '@yuexun/contract';
import { restoreArticleFromBin, restoreArticleRevision } from '../articles/article-lifecycle.service';
import { implement } from '../http/registry';
import { restoreProductFromBin, restoreProductRevision } from '../products/product-history.service';
import { actorOf } from '../shared/audit';
import { listRecycleBin, purgeExpired, takeFromRecycleBin } from '../shared/recycle-bin';
import { getRevision, listRevisions } from '../shared/revisions';

export const contentHistoryActions = [
  implement(inquireRevisionListAdmin, async ({ input, app }) =>
    ok(await listRevisions(app.db, input.targetType, input.targetId)),
  ),
  implement(inquireRevisionDetailAdmin, async ({ input, app }) =>
    ok([await getRevision(app.db, input.targetType, input.targetId, input.revisionId)]),
  ),
  implement(restoreRevisionAdmin, async ({ input, app, request }) => {
    const actor = actorOf(app, request);
    const restore = input.targetType === 'article' ? restoreArticleRevision : restoreProductRevision;
    return ok([await restore(app.db, actor, input)]);
  }),
  implement(inquireRecycleBinAdmin, async ({ input, app }) => {
    const { items, paging } = await listRecycleBin(app.db, input);
    return ok(items, paging);
  }),
  implement(restoreFromRecycleBinAdmin, async ({ input, app, request }) => {
    const actor = actorOf(app, request);
    await purgeExpired(app.db);
    const restored = await app.db.transaction(async (tx) => {
      const entry = await takeFromRecycleBin(tx, input.entryId);
      const restore = entry.targetType === 'article' ? restoreArticleFromBin : restoreProductFromBin;
      await restore(tx, actor, entry.payload);
      return { targetType: entry.targetType, targetId: entry.targetId };
    });
    return ok([restored]);
  }),
];
