/**
 * Revisions of articles and products: every save writes one in the same transaction as the change
 * (who, when, which fields, the whole value after it). An editor's autosave is a revision of kind
 * autosave, one per editor and record, replaced as they type and dropped when they save.
 */
import {
  BusinessCode,
  messages,
  REVISION_LIST_MAX,
  type RevisionDetail,
  type RevisionKind,
  type RevisionSummary,
  type RevisionTarget,
  SITE_ID,
} from '@yuexun/contract';
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, contentRevision } from '../db/schema';
import { fieldError } from './admin/versioned';
import type { Actor } from './audit';

export type Snapshot = Record<string, unknown>;

/** Dates as ISO text, so a snapshot compares and diffs the same after a round trip through jsonb. */
export const toSnapshot = (values: Record<string, unknown>): Snapshot =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : (v ?? null)]),
  );

/** Field names whose value differs between two snapshots. */
export const changedKeys = (before: Snapshot | null, after: Snapshot) =>
  Object.keys(after).filter(
    (key) => before === null || JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );

interface RevisionRecord {
  targetType: RevisionTarget;
  targetId: number;
  kind: Exclude<RevisionKind, 'autosave'>;
  version: number;
  snapshot: Snapshot;
}

/** The last saved value of a record (its newest non-autosave revision), or null before the first. */
export const latestSnapshot = async (db: Db, targetType: RevisionTarget, targetId: number) => {
  const [row] = await db
    .select({ snapshot: contentRevision.snapshot })
    .from(contentRevision)
    .where(and(targetOf(targetType, targetId), ne(contentRevision.kind, 'autosave')))
    .orderBy(desc(contentRevision.id))
    .limit(1);
  return row?.snapshot ?? null;
};

const targetOf = (targetType: RevisionTarget, targetId: number) =>
  and(
    eq(contentRevision.siteId, SITE_ID),
    eq(contentRevision.targetType, targetType),
    eq(contentRevision.targetId, targetId),
  );

/** Appends a save's revision and drops the saver's autosave of the record (the save supersedes it). */
export const recordRevision = async (db: Db, actor: Actor, record: RevisionRecord) => {
  const previous = await latestSnapshot(db, record.targetType, record.targetId);
  await db
    .delete(contentRevision)
    .where(
      and(
        targetOf(record.targetType, record.targetId),
        eq(contentRevision.kind, 'autosave'),
        eq(contentRevision.accountId, actor.accountId),
      ),
    );
  await db.insert(contentRevision).values({
    siteId: SITE_ID,
    targetType: record.targetType,
    targetId: record.targetId,
    kind: record.kind,
    version: record.version,
    changed: changedKeys(previous, record.snapshot),
    snapshot: record.snapshot,
    accountId: actor.accountId,
  });
};

/** Keeps what an editor is typing: one autosave per editor and record, replaced each time. */
export const saveAutosave = async (
  db: Db,
  actor: Actor,
  target: { targetType: RevisionTarget; targetId: number; version: number; snapshot: Snapshot },
) =>
  db.transaction(async (tx) => {
    const mine = and(
      targetOf(target.targetType, target.targetId),
      eq(contentRevision.kind, 'autosave'),
      eq(contentRevision.accountId, actor.accountId),
    );
    await tx.delete(contentRevision).where(mine);
    const [row] = await tx
      .insert(contentRevision)
      .values({
        siteId: SITE_ID,
        targetType: target.targetType,
        targetId: target.targetId,
        kind: 'autosave',
        version: target.version,
        changed: changedKeys(await latestSnapshot(tx, target.targetType, target.targetId), target.snapshot),
        snapshot: target.snapshot,
        accountId: actor.accountId,
      })
      .returning({ id: contentRevision.id, at: contentRevision.at });
    if (!row) throw new Error('autosave insert returned nothing');
    return { id: row.id, at: row.at.toISOString() };
  });

/** This editor's autosave of a record, if any. */
export const autosaveOf = async (db: Db, accountId: number, targetType: RevisionTarget, targetId: number) => {
  const [row] = await db
    .select({
      id: contentRevision.id,
      at: contentRevision.at,
      version: contentRevision.version,
      snapshot: contentRevision.snapshot,
    })
    .from(contentRevision)
    .where(
      and(
        targetOf(targetType, targetId),
        eq(contentRevision.kind, 'autosave'),
        eq(contentRevision.accountId, accountId),
      ),
    );
  return row ? { ...row, at: row.at.toISOString() } : null;
};

const summaryColumns = {
  id: contentRevision.id,
  kind: contentRevision.kind,
  version: contentRevision.version,
  changed: contentRevision.changed,
  accountName: account.name,
  at: contentRevision.at,
};

type SummaryRow = Omit<RevisionSummary, 'at'> & { at: Date };
const toSummary = (r: SummaryRow): RevisionSummary => ({
  ...r,
  kind: r.kind,
  at: r.at.toISOString(),
});

/** The saves of a record, newest first (autosaves are not saves and are not listed). */
export const listRevisions = async (db: Db, targetType: RevisionTarget, targetId: number) => {
  const rows = await db
    .select(summaryColumns)
    .from(contentRevision)
    .leftJoin(account, eq(account.id, contentRevision.accountId))
    .where(and(targetOf(targetType, targetId), ne(contentRevision.kind, 'autosave')))
    .orderBy(desc(contentRevision.id))
    .limit(REVISION_LIST_MAX);
  return rows.map(toSummary);
};

/** One saved revision of this record with the one before it; any other id answers 404. */
export const getRevision = async (
  db: Db,
  targetType: RevisionTarget,
  targetId: number,
  revisionId: number,
): Promise<RevisionDetail> => {
  const [row] = await db
    .select({ ...summaryColumns, snapshot: contentRevision.snapshot })
    .from(contentRevision)
    .leftJoin(account, eq(account.id, contentRevision.accountId))
    .where(
      and(
        targetOf(targetType, targetId),
        eq(contentRevision.id, revisionId),
        ne(contentRevision.kind, 'autosave'),
      ),
    );
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'revisionId', messages.revisionNotFound);
  const [previous] = await db
    .select({ snapshot: contentRevision.snapshot })
    .from(contentRevision)
    .where(
      and(
        targetOf(targetType, targetId),
        lt(contentRevision.id, revisionId),
        ne(contentRevision.kind, 'autosave'),
      ),
    )
    .orderBy(desc(contentRevision.id))
    .limit(1);
  return { ...toSummary(row), snapshot: row.snapshot, previous: previous?.snapshot ?? null };
};

/** Revisions go with their record when the recycle bin purges it. */
export const forgetRevisions = (db: Db, targetType: RevisionTarget, targetId: number) =>
  db.delete(contentRevision).where(targetOf(targetType, targetId));
