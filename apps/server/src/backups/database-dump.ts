/**
 * The database part of a backup, logical and driver-independent, so that a backup of the embedded database
 * restores onto PostgreSQL and back (docs/decisions/045). Each table's rows are written as JSON lines made by
 * the database itself (`row_to_json`) and read back by it (`json_populate_recordset`): every type (timestamps,
 * jsonb, arrays, bigint, bytea) goes out and comes in through PostgreSQL's own text forms, never a JavaScript
 * number. Tables go in foreign-key order, generated columns are left to the database, and every sequence is set
 * to where it stood.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

export interface TableInfo {
  name: string;
  /** Columns a row is restored into (generated ones are computed again). */
  columns: string[];
  /** A foreign key to itself (the category tree): its rows are loaded in one statement. */
  selfReferencing: boolean;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Tables that are never backed up: the list of backups describes archives on this machine, not the data. */
export const NOT_BACKED_UP = new Set(['backup_run']);

/** The public schema's tables, parents before children. */
export const listTables = async (db: Db): Promise<TableInfo[]> => {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const keys = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent from pg_constraint k
        join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
        join pg_namespace n on n.oid = ch.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const names = tables.map((t) => t.name);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of keys) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find((n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p)));
    if (!next)
      throw new Error('foreign keys form a cycle between tables; the logical dump cannot order them');
    ordered.push(next);
    placed.add(next);
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table_name === name).map((c) => c.column_name),
    selfReferencing: keys.some((k) => k.child === name && k.parent === name),
  }));
};

const ROWS_PER_FETCH = 500;

/** The table's rows as JSON text, read through a cursor in `tx`. */
export async function* tableRows(tx: Db, table: string): AsyncGenerator<string[]> {
  const cursor = ident(`yx_backup_${table}`);
  await tx.execute(
    sql`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`,
  );
  try {
    for (;;) {
      const rows = await queryRows<{ j: string }>(
        tx,
        sql`fetch ${sql.raw(String(ROWS_PER_FETCH))} from ${cursor}`,
      );
      if (!rows.length) return;
      yield rows.map((r) => r.j);
    }
  } finally {
    await tx.execute(sql`close ${cursor}`);
  }
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export const readSequences = async (tx: Db): Promise<SequenceState[]> => {
  const names = await queryRows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const out: SequenceState[] = [];
  for (const { name } of names) {
    const [row] = await queryRows<{ last_value: string | number; is_called: boolean }>(
      tx,
      sql`select last_value, is_called from ${ident(name)}`,
    );
    if (row) out.push({ name, lastValue: String(row.last_value), isCalled: row.is_called });
  }
  return out;
};

/** Inserts rows (JSON texts) into the table, as one statement. */
export const insertRows = async (tx: Db, table: TableInfo, rows: readonly string[]) => {
  if (!rows.length) return;
  const cols = sql.join(
    table.columns.map((c) => ident(c)),
    sql`, `,
  );
  const query: SQL = sql`insert into ${ident(table.name)} (${cols}) overriding system value
    select ${cols} from json_populate_recordset(null::${ident(table.name)}, ${`[${rows.join(',')}]`}::json)`;
  await tx.execute(query);
};

export const restoreSequences = async (tx: Db, sequences: readonly SequenceState[]) => {
  for (const s of sequences)
    await tx.execute(
      sql`select setval(${`"${s.name.replace(/"/g, '""')}"`}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`,
    );
};

/** Tables of the public schema that hold at least one row (a restore writes into an empty database only). */
export const tablesWithRows = async (db: Db): Promise<string[]> => {
  const tables = await listTables(db);
  const out: string[] = [];
  for (const t of tables) {
    const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from ${ident(t.name)} limit 1`);
    if (rows.length) out.push(t.name);
  }
  return out;
};

export const countRows = async (db: Db, table: string) => {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from ${ident(table)}`);
  return Number(row?.n ?? 0);
};
