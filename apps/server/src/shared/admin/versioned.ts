/**
 * Optimistic concurrency for console edits: an update names the version it was loaded with and
 * matches only that version. No row matched means either the record is gone (404) or someone
 * saved in between (409): the later save is refused instead of silently overwriting.
 */
import { type AuditTargetType, BusinessCode, messages, SITE_ID } from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/**
 * Locks one row for an edit (select … for update) and checks the version its form was loaded with:
 * 404 on the form's id field when the row is gone, 409 when someone saved in between.
 */
export const lockVersioned = async <T extends VersionedTable>(
  tx: Db,
  table: T,
  id: number,
  version: number,
  missing: { field: string; message: string },
): Promise<T['$inferSelect']> => {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.siteId, SITE_ID), eq(table.id, id)))
    .for('update');
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, missing.field, missing.message);
  if ((row as { version: unknown }).version !== version) refuseStaleOrMissing(true, missing.message);
  return row as T['$inferSelect'];
};

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
