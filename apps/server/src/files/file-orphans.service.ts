/**
 * Orphaned uploads: files older than a day that nothing refers to (pictures dropped from an article
 * or product, abandoned uploads). Listed for the console and removed only on request; the delete
 * itself re-checks every reference in the same statement, so a file that became referenced since it
 * was listed (or was never an orphan) stays. Never run automatically.
 *
 * What counts as a reference: article covers and bodies, product covers, galleries and details, the
 * site settings (logos, icon, QR code), deleted records waiting in the recycle bin, unsaved autosaved
 * drafts, account photos and app icons, a download form's file and the files visitors sent with leads.
 * Older saved revisions do not: restoring one from long ago
 * may show a picture that was removed since.
 */
import { type AdminFile, ORPHAN_BATCH_MAX, ORPHAN_MIN_AGE_HOURS } from '@yuexun/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { account, file } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { adminFileColumns, visibleTo } from './file-admin.service';

// Aliased and qualified by hand: inside a sub-select drizzle renders bare column names, which would
// resolve against the inner table. strpos finds the uuid inside HTML (/fs/... addresses) and JSON.
const referenced = sql`(
  exists (select 1 from article a where a.cover_file_uuid = "file"."uuid" or strpos(a.body_html, "file"."uuid") > 0)
  or exists (select 1 from product p where p.cover_file_uuid = "file"."uuid"
    or "file"."uuid" = any(p.gallery_file_uuids) or strpos(p.detail_html, "file"."uuid") > 0)
  or exists (select 1 from site_settings s where strpos(s."values"::text, "file"."uuid") > 0)
  or exists (select 1 from banner bn where bn.desktop_file_uuid = "file"."uuid" or bn.mobile_file_uuid = "file"."uuid")
  or exists (select 1 from recycle_bin b where strpos(b.payload::text, "file"."uuid") > 0)
  or exists (select 1 from content_revision r where r.kind = 'autosave' and strpos(r.snapshot::text, "file"."uuid") > 0)
  or exists (select 1 from account ac where ac.photo_file_uuid = "file"."uuid")
  or exists (select 1 from product_app pa where pa.icon_file_uuid = "file"."uuid")
  or exists (select 1 from form fm where fm.download_file_uuid = "file"."uuid")
  or exists (select 1 from customer_intention ci where strpos(ci.answers::text, "file"."uuid") > 0)
)`;

const orphanOf = (tenantId: number | null) =>
  and(
    visibleTo(tenantId),
    lt(file.createdAt, new Date(Date.now() - ORPHAN_MIN_AGE_HOURS * 3600_000)),
    sql`not ${referenced}`,
  );

export const listOrphanFiles = async (db: Db, tenantId: number | null) => {
  const rows = await db
    .select(adminFileColumns)
    .from(file)
    .leftJoin(account, eq(account.id, file.ownerAccountId))
    .where(orphanOf(tenantId))
    .orderBy(asc(file.createdAt), asc(file.uuid))
    .limit(ORPHAN_BATCH_MAX);
  return rows.map((r): AdminFile => ({ ...r, createdAt: r.createdAt.toISOString(), usedBy: 0 }));
};

/** Removes those of `uuids` that are still orphans; returns the ones removed. */
export const deleteOrphanFiles = async (app: FastifyInstance, actor: Actor, uuids: string[]) => {
  const removed = await app.db.transaction(async (tx) => {
    const gone = await tx
      .delete(file)
      .where(and(inArray(file.uuid, uuids), orphanOf(actor.tenantId)))
      .returning({ uuid: file.uuid, name: file.name, size: file.size });
    for (const f of gone)
      await recordAudit(tx, actor, {
        action: 'delete',
        targetType: 'file',
        targetId: f.uuid,
        detail: { name: f.name, size: f.size, orphan: true },
      });
    return gone;
  });
  // Bytes without metadata are unreachable; a failure here leaves an unreachable blob, never a broken row.
  for (const { uuid } of removed) {
    await app.blobs
      .delete(uuid)
      .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'blob delete failed'));
    await app.imageVariants
      .forget(uuid)
      .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'picture variants delete failed'));
  }
  return removed.map((f) => ({ fileUuid: f.uuid }));
};
