/**
 * Optimistic concurrency for console edits: an update names the version it was loaded with and
 * matches only that version. No row matched means either the record is gone (404) or someone
 * saved in between (409): the later save is refused instead of silently overwriting.
 */
import { type AuditAction, type AuditTargetType, BusinessCode, messages, SITE_ID } from '@yuexun/contract';
import { and, eq, getTableColumns } from 'drizzle-orm';
import { type PgColumn, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type Actor, recordAudit } from '../audit';
import { BusinessError } from '../errors';

export const refuseStaleOrMissing = (exists: boolean, notFoundMessage: string): never => {
  if (exists) throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
  throw new BusinessError(BusinessCode.NOT_FOUND, notFoundMessage);
};

/** A business failure about one form field, shown beside that field by the console. */
export const fieldError = (code: BusinessCode, field: string, message: string) =>
  new BusinessError(code, message, [{ field, message }]);

/** A console table whose rows carry the site, an integer id and an edit version. */
export type VersionedTable = PgTable & { id: PgColumn; siteId: PgColumn; version: PgColumn };

/** What a missing row answers: 404 with this message, beside the form's id field when it has one. */
export interface Missing {
  field?: string;
  message: string;
}

const lockRow = async <T extends PgTable & { siteId: PgColumn; version: PgColumn }>(
  tx: Db,
  table: T,
  key: PgColumn,
  id: number,
  version: number,
  missing: Missing,
): Promise<T['$inferSelect']> => {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.siteId, SITE_ID), eq(key, id)))
    .for('update');
  if (!row)
    throw missing.field
      ? fieldError(BusinessCode.NOT_FOUND, missing.field, missing.message)
      : new BusinessError(BusinessCode.NOT_FOUND, missing.message);
  if ((row as { version: unknown }).version !== version) refuseStaleOrMissing(true, missing.message);
  return row as T['$inferSelect'];
};

/**
 * Locks one row for an edit (select … for update) and checks the version its form was loaded with:
 * 404 on the form's id field when the row is gone, 409 when someone saved in between.
 */
export const lockVersioned = <T extends VersionedTable>(
  tx: Db,
  table: T,
  id: number,
  version: number,
  missing: { field: string; message: string },
): Promise<T['$inferSelect']> => lockRow(tx, table, table.id, id, version, missing);

/**
 * The columns every edit of `row` writes besides its own: the next version, and the time (`at`,
 * now unless given) when the table keeps one.
 */
export const nextVersionOf = (table: PgTable, row: { version: number }, at: Date = new Date()) => ({
  version: row.version + 1,
  ...('updatedAt' in getTableColumns(table) ? { updatedAt: at } : {}),
});

/** Runs fn in the caller's transaction when given one, else in a new one (no savepoints). */
export const inTransaction = <R>(db: Db, fn: (tx: Db) => Promise<R>): Promise<R> =>
  isTransaction(db) ? fn(db) : db.transaction(fn);

const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** One edit as its service decides it from the locked row. */
export interface VersionedChange<T extends PgTable> {
  /** The columns to write (undefined ones are left as they are). */
  set: Partial<T['$inferInsert']>;
  /** The audit row's detail, usually `{name, changes: changedFields(before, set)}`. */
  detail: Record<string, unknown>;
  /** 'update' unless named (publish, move, restore…). */
  action?: AuditAction;
  /** When the edit happened, if the change reckoned with its own clock (a publish time): updatedAt is that. */
  at?: Date;
}

/** A table edited through updateVersioned: site-scoped with a version, keyed by `id` or by `key`. */
type EditedTable = PgTable & { siteId: PgColumn; version: PgColumn };

export interface VersionedUpdate<T extends EditedTable, C extends VersionedChange<T> | null, R> {
  table: T;
  /** The row's key column when it is not `id` (site settings: one row per site). */
  key?: PgColumn;
  id: number;
  version: number;
  missing: Missing;
  targetType: AuditTargetType;
  /** Checks and the change, from the locked row; null changes nothing (no version, no audit row). */
  change: (before: T['$inferSelect'], tx: Db) => C | Promise<C>;
  /** Writes that belong to the edit (tags, revisions), after the row and before its audit row; its result is returned. */
  after?: (tx: Db, updated: T['$inferSelect']) => R | Promise<R>;
}

/**
 * The one console edit: locks the row and checks its version (404 / 409), applies the change with
 * the next version, runs the writes that go with it and appends the audit row, all in one transaction
 * (the caller's when `db` is one). Answers what `after` returned (undefined when nothing changed).
 */
export const updateVersioned = <T extends EditedTable, C extends VersionedChange<T> | null, R = undefined>(
  db: Db,
  actor: Actor,
  edit: VersionedUpdate<T, C, R>,
): Promise<C extends null ? R | undefined : R> =>
  inTransaction(db, async (tx) => {
    const { table, id } = edit;
    const key = edit.key ?? (table as { id?: PgColumn }).id;
    if (!key) throw new Error('versioned table without an id column or a key');
    const before = await lockRow(tx, table, key, id, edit.version, edit.missing);
    const change = await edit.change(before, tx);
    if (!change) return undefined as C extends null ? R | undefined : R;
    const [updated] = await tx
      .update(table as PgTable)
      .set({ ...change.set, ...nextVersionOf(table, before as { version: number }, change.at) })
      .where(eq(key, id))
      .returning();
    if (!updated) throw new BusinessError(BusinessCode.NOT_FOUND, edit.missing.message);
    const result = await edit.after?.(tx, updated as T['$inferSelect']);
    await recordAudit(tx, actor, {
      action: change.action ?? 'update',
      targetType: edit.targetType,
      targetId: id,
      detail: change.detail,
    });
    return result as C extends null ? R | undefined : R;
  });

export interface VersionedDelete {
  table: VersionedTable;
  id: number;
  version: number;
  notFoundMessage: string;
  targetType: AuditTargetType;
  /** Columns of the deleted row the audit line keeps (a title or a name), since the row is gone. */
  audited: Record<string, PgColumn>;
  /** Refusals that need more than the version (a category still in use), in the same transaction. */
  guard?: (tx: Db) => Promise<void>;
}

/**
 * Deletes one row only while it still has the version the console loaded (404 when gone, 409 when
 * someone saved in between) and appends its audit row in the same transaction.
 */
export const deleteVersioned = async (db: Db, actor: Actor, target: VersionedDelete) => {
  const { table, id, version } = target;
  await db.transaction(async (tx) => {
    await target.guard?.(tx);
    const [gone] = await tx
      .delete(table)
      .where(and(eq(table.siteId, SITE_ID), eq(table.id, id), eq(table.version, version)))
      .returning(target.audited);
    if (!gone) {
      const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
      refuseStaleOrMissing(Boolean(exists), target.notFoundMessage);
    }
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: target.targetType,
      targetId: id,
      detail: { ...gone },
    });
  });
};
