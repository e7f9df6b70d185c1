/**
 * The recycle bin (回收站): a deleted article or product is kept whole here, with its revisions,
 * for RECYCLE_BIN_DAYS days. Expired entries are purged whenever the bin is read or written (no
 * scheduler needed; a purge is idempotent), together with their revisions.
 */
import {
  BusinessCode,
  messages,
  type PagingInput,
  RECYCLE_BIN_DAYS,
  type RecycleBinEntry,
  type RevisionTarget,
  SITE_ID,
} from '@yuexun/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, recycleBin } from '../db/schema';
import { fieldError, lockVersioned, type VersionedTable } from './admin/versioned';
import { type Actor, recordAudit } from './audit';
import { pageOf, rowCount } from './paging';
import { forgetRevisions, toSnapshot } from './revisions';

const DAY_MS = 24 * 60 * 60 * 1000;
const purgeAtOf = (deletedAt: Date) => new Date(deletedAt.getTime() + RECYCLE_BIN_DAYS * DAY_MS);

export const moveToRecycleBin = async (
  db: Db,
  actor: Actor,
  entry: { targetType: RevisionTarget; targetId: number; title: string; payload: Record<string, unknown> },
) => {
  await db.insert(recycleBin).values({ siteId: SITE_ID, ...entry, accountId: actor.accountId });
};

export interface BinnedDelete<T extends VersionedTable> {
  table: T;
  targetType: RevisionTarget;
  id: number;
  version: number;
  missing: { field: string; message: string };
  /** The bin entry's title and the audit line's detail, from the locked row. */
  describe: (row: T['$inferSelect']) => { title: string; detail: Record<string, unknown> };
  /** What else the record keeps besides its row (a product's tags), read in the same transaction. */
  extra?: (tx: Db) => Promise<Record<string, unknown>>;
  /** Refusals from the locked row (a live article needs articles.publish to be deleted). */
  guard?: (row: T['$inferSelect']) => void;
}

/**
 * The one console delete of content with history: while the version still matches (404 / 409), the
 * whole row goes into the bin, leaves its table and gets its 'delete' audit row, in one transaction.
 */
export const deleteToBin = <T extends VersionedTable>(db: Db, actor: Actor, target: BinnedDelete<T>) =>
  db.transaction(async (tx) => {
    const { table, targetType, id } = target;
    const row = await lockVersioned(tx, table, id, target.version, target.missing);
    target.guard?.(row);
    const { title, detail } = target.describe(row);
    const extra = (await target.extra?.(tx)) ?? {};
    await moveToRecycleBin(tx, actor, {
      targetType,
      targetId: id,
      title,
      payload: { ...toSnapshot(row as Record<string, unknown>), ...extra },
    });
    await tx.delete(table).where(eq(table.id, id));
    await recordAudit(tx, actor, { action: 'delete', targetType, targetId: id, detail });
  });

/** Removes entries deleted more than RECYCLE_BIN_DAYS ago, with their revisions; answers how many. */
export const purgeExpired = async (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    const cutoff = new Date(now.getTime() - RECYCLE_BIN_DAYS * DAY_MS);
    const gone = await tx
      .delete(recycleBin)
      .where(and(eq(recycleBin.siteId, SITE_ID), lt(recycleBin.deletedAt, cutoff)))
      .returning({ targetType: recycleBin.targetType, targetId: recycleBin.targetId });
    for (const g of gone) await forgetRevisions(tx, g.targetType, g.targetId);
    return gone.length;
  });

export const listRecycleBin = async (db: Db, criteria: PagingInput) => {
  await purgeExpired(db);
  const where = eq(recycleBin.siteId, SITE_ID);
  const { items: rows, paging } = await pageOf(
    criteria,
    db
      .select({
        id: recycleBin.id,
        targetType: recycleBin.targetType,
        targetId: recycleBin.targetId,
        title: recycleBin.title,
        accountName: account.name,
        deletedAt: recycleBin.deletedAt,
      })
      .from(recycleBin)
      .leftJoin(account, eq(account.id, recycleBin.accountId))
      .where(where)
      .orderBy(desc(recycleBin.deletedAt), desc(recycleBin.id))
      .$dynamic(),
    db.select(rowCount).from(recycleBin).where(where),
  );
  const items: RecycleBinEntry[] = rows.map((r) => ({
    ...r,
    targetType: r.targetType,
    deletedAt: r.deletedAt.toISOString(),
    purgeAt: purgeAtOf(r.deletedAt).toISOString(),
  }));
  return { items, paging };
};

/**
 * Takes one entry out of the bin (locked, so two restores cannot both succeed); 404 with a clear
 * message when it was restored already or purged.
 */
export const takeFromRecycleBin = async (tx: Db, entryId: number) => {
  const [entry] = await tx
    .delete(recycleBin)
    .where(and(eq(recycleBin.siteId, SITE_ID), eq(recycleBin.id, entryId)))
    .returning();
  if (!entry || purgeAtOf(entry.deletedAt) <= new Date())
    throw fieldError(BusinessCode.NOT_FOUND, 'entryId', messages.recycleEntryGone);
  return { ...entry, targetType: entry.targetType };
};
