/**
 * Creates from console forms carry a request key made once per opened form (decision 010): a
 * double-clicked or retried save must answer with the record the first one made, not make two.
 */
import type { AuditTargetType } from '@yuexun/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type Actor, recordAudit } from '../audit';
import { inTransaction } from './versioned';

/** A console table with an integer id and a unique-indexed request key. */
export type KeyedTable = PgTable & { id: PgColumn; requestKey: PgColumn };

/**
 * Inserts the row unless one with the same request key exists; a unique index settles two requests
 * arriving at the same instant. `created` is false when the row is the earlier request's.
 * `otherConflict` names the failure when another unique index refused the row (e.g. a taken name).
 */
export const insertOnce = async <T extends KeyedTable>(
  tx: Db,
  table: T,
  values: PgInsertValue<T> & { requestKey: string },
  otherConflict: () => Error = () => new Error('request key conflict without a row'),
): Promise<{ id: number; created: boolean }> => {
  const [created] = await tx.insert(table).values(values).onConflictDoNothing().returning({ id: table.id });
  if (created) return { id: created.id as number, created: true };
  const [first] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.requestKey, values.requestKey));
  if (!first) throw otherConflict();
  return { id: first.id as number, created: false };
};

/** A console table created through createAudited: an integer id, and a request key when its form sends one. */
export type CreatedTable = PgTable & { id: PgColumn };

/** The row to insert; a table with a request key column must be given the form's key. */
type CreatedValues<T extends CreatedTable> = T extends KeyedTable
  ? PgInsertValue<T> & { requestKey: string }
  : PgInsertValue<T>;

export interface AuditedCreate<T extends CreatedTable> {
  table: T;
  values: CreatedValues<T>;
  /** The failure when another unique index refused the row (see insertOnce). */
  otherConflict?: () => Error;
  targetType: AuditTargetType;
  /** The audit row's detail (what names the new record). */
  detail: Record<string, unknown>;
  /** Writes that belong to the new record (tags, its first revision), before its audit row. */
  after?: (tx: Db, id: number) => Promise<unknown>;
}

const isKeyed = (table: CreatedTable): table is KeyedTable => 'requestKey' in getTableColumns(table);

/** Inserts once per request key where the table has one; otherwise every call makes a row. */
const insertRow = async <T extends CreatedTable>(tx: Db, create: AuditedCreate<T>) => {
  const { table, values } = create;
  if (isKeyed(table))
    return insertOnce<KeyedTable>(
      tx,
      table,
      values as PgInsertValue<KeyedTable> & { requestKey: string },
      create.otherConflict,
    );
  const [row] = await tx.insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error('insert returned no row');
  return { id: row.id as number, created: true };
};

/**
 * The one console create: inserts once per request key; only a row really made gets its follow-up
 * writes and its 'create' audit row (a repeated request answers the first one's id and writes nothing).
 * Runs in the caller's transaction when `db` is one, so checks made before it hold.
 */
export const createAudited = <T extends CreatedTable>(db: Db, actor: Actor, create: AuditedCreate<T>) =>
  inTransaction(db, async (tx) => {
    const { id, created } = await insertRow(tx, create);
    if (!created) return id;
    await create.after?.(tx, id);
    await recordAudit(tx, actor, {
      action: 'create',
      targetType: create.targetType,
      targetId: id,
      detail: create.detail,
    });
    return id;
  });
