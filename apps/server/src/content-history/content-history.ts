/**
 * Revisions and the recycle bin. Articles and products share the revision and recycle-bin tables; each kind
 * restores through its own service, found in one restorer map (an article's status changes and autosave:
 * articles/). A new kind of content adds its line to `RESTORERS` (a type error until it does).
 */
import {
  inquireRecycleBinAdmin,
  inquireRevisionDetailAdmin,
  inquireRevisionListAdmin,
  ok,
  type Permission,
  type RevisionTarget,
  restoreFromRecycleBinAdmin,
  restoreRevisionAdmin,
} from '@yuexun/contract';
import { restoreArticleFromBin, restoreArticleRevision } from '../articles/article-lifecycle.service';
import type { Db } from '../db/client';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { restoreProductFromBin, restoreProductRevision } from '../products/product-history.service';
import type { Actor } from '../shared/audit';
import { listRecycleBin, purgeExpired, takeFromRecycleBin } from '../shared/recycle-bin';
import { getRevision, listRevisions } from '../shared/revisions';

/** How one kind of content comes back: from one of its revisions, and from its recycle-bin payload. */
interface Restorer {
  revision: (
    db: Db,
    actor: Actor,
    input: { targetId: number; revisionId: number; version: number },
    /** The caller's permissions: restoring over live content also needs the type's publish permission. */
    held: readonly Permission[],
  ) => Promise<{ id: number; version: number }>;
  fromBin: (tx: Db, actor: Actor, payload: Record<string, unknown>) => Promise<unknown>;
}

const RESTORERS: Record<RevisionTarget, Restorer> = {
  article: { revision: restoreArticleRevision, fromBin: restoreArticleFromBin },
  product: { revision: restoreProductRevision, fromBin: restoreProductFromBin },
};

/** Takes entry `entryId` out of the bin and restores it through its kind's restorer, in one transaction. */
const restoreFromBin = async (db: Db, actor: Actor, entryId: number) => {
  await purgeExpired(db);
  return db.transaction(async (tx) => {
    const entry = await takeFromRecycleBin(tx, entryId);
    await RESTORERS[entry.targetType].fromBin(tx, actor, entry.payload);
    return { targetType: entry.targetType, targetId: entry.targetId };
  });
};

export const contentHistoryActions = [
  implement(inquireRevisionListAdmin, async ({ input, app }) =>
    ok(await listRevisions(app.db, input.targetType, input.targetId)),
  ),
  implement(inquireRevisionDetailAdmin, async ({ input, app }) =>
    ok([await getRevision(app.db, input.targetType, input.targetId, input.revisionId)]),
  ),
  implement(restoreRevisionAdmin, async ({ input, app, actor, request }) =>
    ok([await RESTORERS[input.targetType].revision(app.db, actor, input, authOf(request).permissions)]),
  ),
  implement(inquireRecycleBinAdmin, async ({ input, app }) => {
    const { items, paging } = await listRecycleBin(app.db, input);
    return ok(items, paging);
  }),
  implement(restoreFromRecycleBinAdmin, async ({ input, app, actor }) =>
    ok([await restoreFromBin(app.db, actor, input.entryId)]),
  ),
];
