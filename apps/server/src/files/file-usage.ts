/**
 * Where a file is used (issue 35 item 1, decision 061): the one list of the places that refer to a stored file. The
 * orphan sweep asks whether any of them does, the file list counts them, and deleting a used file is refused
 * with them named. A reference is found by the file's uuid in a column, an array or inside text (HTML bodies
 * hold /fs/... addresses, JSON holds the uuid).
 *
 * Older saved revisions are not places: restoring one from long ago may show a picture removed since.
 */
import { FILE_USAGE_LIST_MAX, type FileUsage, type FileUsageKind } from '@yuexun/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

interface Place {
  kind: FileUsageKind;
  /** The rows naming the file `u`: id and title, aliased and qualified by hand (a sub-select's bare column
   * names would resolve against the inner table). */
  rows: (u: SQL) => SQL;
}

const PLACES: Place[] = [
  {
    kind: 'article',
    rows: (u) => sql`select a.id::text as id, a.title from article a
      where a.cover_file_uuid = ${u} or strpos(a.body_html, ${u}) > 0`,
  },
  {
    kind: 'product',
    rows: (u) => sql`select p.id::text as id, p.name as title from product p
      where p.cover_file_uuid = ${u} or ${u} = any(p.gallery_file_uuids) or strpos(p.detail_html, ${u}) > 0`,
  },
  {
    kind: 'banner',
    rows: (u) => sql`select bn.id::text as id, bn.title from banner bn
      where bn.desktop_file_uuid = ${u} or bn.mobile_file_uuid = ${u}`,
  },
  {
    kind: 'settings',
    rows: (u) =>
      sql`select '' as id, '' as title from site_settings s where strpos(s."values"::text, ${u}) > 0`,
  },
  {
    kind: 'form',
    rows: (u) =>
      sql`select fm.id::text as id, fm.name as title from form fm where fm.download_file_uuid = ${u}`,
  },
  {
    kind: 'recycleBin',
    rows: (u) =>
      sql`select b.id::text as id, b.title from recycle_bin b where strpos(b.payload::text, ${u}) > 0`,
  },
  {
    kind: 'draft',
    rows: (u) => sql`select r.target_id::text as id, r.target_type as title from content_revision r
      where r.kind = 'autosave' and strpos(r.snapshot::text, ${u}) > 0`,
  },
  {
    kind: 'account',
    rows: (u) =>
      sql`select ac.id::text as id, ac.name as title from account ac where ac.photo_file_uuid = ${u}`,
  },
  {
    kind: 'app',
    rows: (u) =>
      sql`select pa.id::text as id, pa.name as title from product_app pa where pa.icon_file_uuid = ${u}`,
  },
  {
    kind: 'lead',
    rows: (u) => sql`select ci.id::text as id, ci.contact_name as title from customer_intention ci
      where strpos(ci.answers::text, ${u}) > 0`,
  },
];

/** The file row in a statement over `file` (the orphan sweep, the list's count). */
const FILE_ROW = sql`"file"."uuid"`;

/** True where the statement's `file` row is used anywhere. */
export const fileIsUsed = sql.join(
  PLACES.map((p) => sql`exists (${p.rows(FILE_ROW)})`),
  sql` or `,
);

/** How many places use the statement's `file` row (each place counted once per referring row). */
export const fileUsageCount = sql<number>`(${sql.join(
  PLACES.map((p) => sql`(select count(*) from (${p.rows(FILE_ROW)}) as used)`),
  sql` + `,
)})::int`;

/** The places using a file, in the order of PLACES, at most FILE_USAGE_LIST_MAX. */
export const usagesOf = async (db: Db, uuid: string): Promise<FileUsage[]> => {
  const u = sql`${uuid}::text`;
  const rows = await queryRows<{ kind: FileUsageKind; id: string; title: string }>(
    db,
    sql`select kind, id, title from (${sql.join(
      // Kinds and positions are this module's constants, written into the statement (a parameter in a
      // union has no type to infer).
      PLACES.map(
        (p, i) => sql`select * from (select ${sql.raw(`'${p.kind}'`)} as kind, ${sql.raw(String(i))} as place,
          used.id, used.title from (${p.rows(u)}) as used order by used.id limit ${FILE_USAGE_LIST_MAX})
          as ${sql.raw(`p${i}`)}`,
      ),
      sql` union all `,
    )}) as places order by place, length(id), id limit ${FILE_USAGE_LIST_MAX}`,
  );
  return rows.map(({ kind, id, title }) => ({ kind, id, title }));
};
