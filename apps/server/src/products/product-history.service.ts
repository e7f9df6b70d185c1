/**
 * A product's history: a revision per save (with its tags), restoring a revision as a new save,
 * and delete into the recycle bin and back (as 未上架, so nothing reappears in the shop unasked).
 */
import { BusinessCode, messages, type Permission, SITE_ID } from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { product, productTag, productToTag } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields, recordAudit } from '../shared/audit';
import { requirePermission } from '../shared/auth/permissions';
import { deleteToBin } from '../shared/recycle-bin';
import { getRevision, recordRevision, type Snapshot, toSnapshot } from '../shared/revisions';

type ProductRow = typeof product.$inferSelect;

const MISSING = { field: 'productId', message: messages.productNotFound };

/**
 * Putting a product on the shelf, or changing or deleting one that is on it, needs products.publish besides
 * products.write (docs/decisions/051): a writer prepares 未上架 products for a publisher.
 */
export const requireProductPublishFor = (
  held: readonly Permission[],
  ...statuses: (string | undefined)[]
) => {
  if (statuses.includes('published')) requirePermission(held, 'products.publish');
};

export const tagIdsOf = async (db: Db, id: number) =>
  (await db.select({ tagId: productToTag.tagId }).from(productToTag).where(eq(productToTag.productId, id)))
    .map((r) => r.tagId)
    .sort((a, b) => a - b);

export const productSnapshot = (row: ProductRow, tagIds: number[]) =>
  toSnapshot({
    name: row.name,
    summary: row.summary,
    priceFen: row.priceFen,
    priceUnit: row.priceUnit,
    coverFileUuid: row.coverFileUuid,
    galleryFileUuids: row.galleryFileUuids,
    detailHtml: row.detailHtml,
    specs: row.specs,
    status: row.status,
    sort: row.sort,
    tagIds,
  });

/** Writes the revision of the save just made (inside its transaction). */
export const recordProductRevision = async (
  tx: Db,
  actor: Actor,
  id: number,
  kind: 'create' | 'update' | 'restore' | 'approve',
) => {
  const [row] = await tx.select().from(product).where(eq(product.id, id));
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'productId', messages.productNotFound);
  await recordRevision(tx, actor, {
    targetType: 'product',
    targetId: id,
    kind,
    version: row.version,
    snapshot: productSnapshot(row, await tagIdsOf(tx, id)),
  });
  return row;
};

/** Links the tags that still exist (a tag deleted since is left out, not an error). */
export const relink = async (tx: Db, productId: number, tagIds: number[]) => {
  await tx.delete(productToTag).where(eq(productToTag.productId, productId));
  if (tagIds.length === 0) return;
  const existing = await tx
    .select({ id: productTag.id })
    .from(productTag)
    .where(and(eq(productTag.siteId, SITE_ID), inArray(productTag.id, tagIds)));
  if (existing.length > 0)
    await tx.insert(productToTag).values(existing.map((t) => ({ productId, tagId: t.id })));
};

/** A snapshot's content as columns (a revision restored, a submission approved); the shelf status is not in it. */
export const contentFromSnapshot = (s: Snapshot, before: ProductRow) => ({
  name: String(s.name ?? before.name),
  summary: String(s.summary ?? ''),
  priceFen: Number(s.priceFen ?? before.priceFen),
  priceUnit: String(s.priceUnit ?? before.priceUnit),
  coverFileUuid: (s.coverFileUuid as string | null) ?? null,
  galleryFileUuids: (s.galleryFileUuids as string[] | null) ?? [],
  detailHtml: String(s.detailHtml ?? ''),
  specs: (s.specs as ProductRow['specs'] | null) ?? [],
  sort: Number(s.sort ?? before.sort),
});

/** Brings an earlier revision's content back as a new save; the shop status stays as it is now. */
export const restoreProductRevision = async (
  db: Db,
  actor: Actor,
  input: { targetId: number; revisionId: number; version: number },
  held: readonly Permission[],
) =>
  db.transaction(async (tx) => {
    const s = (await getRevision(tx, 'product', input.targetId, input.revisionId)).snapshot;
    return updateVersioned(tx, actor, {
      table: product,
      id: input.targetId,
      version: input.version,
      missing: MISSING,
      targetType: 'product',
      change: (before) => {
        requireProductPublishFor(held, before.status);
        const values = contentFromSnapshot(s, before);
        return {
          set: values,
          action: 'restore',
          detail: { name: values.name, revisionId: input.revisionId, changes: changedFields(before, values) },
        };
      },
      after: async (t) => {
        await relink(t, input.targetId, (s.tagIds as number[] | null) ?? []);
        const saved = await recordProductRevision(t, actor, input.targetId, 'restore');
        return { id: saved.id, version: saved.version };
      },
    });
  });

export const deleteProductToBin = (
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  held: readonly Permission[],
) =>
  deleteToBin(db, actor, {
    table: product,
    targetType: 'product',
    id,
    version,
    missing: MISSING,
    guard: (row) => requireProductPublishFor(held, row.status),
    describe: (row) => ({ title: row.name, detail: { name: row.name } }),
    extra: async (tx) => ({ tagIds: await tagIdsOf(tx, id) }),
  });

export const restoreProductFromBin = async (tx: Db, actor: Actor, payload: Record<string, unknown>) => {
  const row = payload as Record<string, unknown> & { id: number; name: string; tagIds?: number[] };
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : new Date());
  const { requestKey: _key, tagIds = [], ...rest } = row;
  await tx.insert(product).values({
    ...(rest as typeof product.$inferInsert),
    id: row.id,
    status: 'draft',
    createdAt: date(row.createdAt),
    updatedAt: new Date(),
    version: Number(row.version) + 1,
  });
  await relink(tx, row.id, tagIds);
  await recordProductRevision(tx, actor, row.id, 'restore');
  await recordAudit(tx, actor, {
    action: 'restore',
    targetType: 'product',
    targetId: row.id,
    detail: { name: row.name, from: 'recycle_bin' },
  });
};
