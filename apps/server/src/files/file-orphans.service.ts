/**
 * Orphaned uploads: files older than a day that nothing refers to (pictures dropped from an article
 * or product, abandoned uploads). Listed for the console and removed only on request; the delete
 * itself re-checks every reference in the same statement, so a file that became referenced since it
 * was listed (or was never an orphan) stays. Never run automatically.
 *
 * What counts as a reference is the one list of file-usage.ts (articles, products, banners, the site
 * settings, forms, the recycle bin, unsaved drafts, account photos, app icons, the files sent with leads).
 */
import { ORPHAN_BATCH_MAX, ORPHAN_MIN_AGE_HOURS } from '@yuexun/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { account, file } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { adminFileColumns, asAdminFiles, revisionBlobKeys, visibleTo } from './file-admin.service';
import { fileIsUsed } from './file-usage';

const orphanOf = (tenantId: number | null) =>
  and(
    visibleTo(tenantId),
    lt(file.createdAt, new Date(Date.now() - ORPHAN_MIN_AGE_HOURS * 3600_000)),
    sql`not (${fileIsUsed})`,
  );

export const listOrphanFiles = async (db: Db, tenantId: number | null) => {
  const rows = await db
    .select(adminFileColumns)
    .from(file)
    .leftJoin(account, eq(account.id, file.ownerAccountId))
    .where(orphanOf(tenantId))
    .orderBy(asc(file.createdAt), asc(file.uuid))
    .limit(ORPHAN_BATCH_MAX);
  return asAdminFiles(
    db,
    rows.map((r) => ({ ...r, usedBy: 0 })),
  );
};

/** Removes those of `uuids` that are still orphans; returns the ones removed. */
export const deleteOrphanFiles = async (app: FastifyInstance, actor: Actor, uuids: string[]) => {
  const removed = await app.db.transaction(async (tx) => {
    // An orphan's revisions go with it (cascade); their bytes are removed below.
    const kept = await revisionBlobKeys(
      tx,
      (
        await tx
          .select({ uuid: file.uuid })
          .from(file)
          .where(and(inArray(file.uuid, uuids), orphanOf(actor.tenantId)))
      ).map((f) => f.uuid),
    );
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
    return { gone, kept };
  });
  for (const key of removed.kept)
    await app.blobs
      .delete(key)
      .catch((error: unknown) => app.log.warn({ err: error, key }, 'blob delete failed'));
  // Bytes without metadata are unreachable; a failure here leaves an unreachable blob, never a broken row.
  for (const { uuid } of removed.gone) {
    await app.blobs
      .delete(uuid)
      .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'blob delete failed'));
    await app.imageVariants
      .forget(uuid)
      .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'picture variants delete failed'));
  }
  return removed.gone.map((f) => ({ fileUuid: f.uuid }));
};
