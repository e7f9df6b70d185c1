/**
 * Product tags as the console manages them: names unique per site, a product count per tag, versions,
 * and an audit row with every write.
 */
import { type AdminProductTag, BusinessCode, messages, SITE_ID } from '@yuexun/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { productTag } from '../db/schema';
import { createAudited } from '../shared/admin/request-key';
import { deleteVersioned, fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';

const tagColumns = {
  id: productTag.id,
  name: productTag.name,
  sort: productTag.sort,
  // Qualified by hand: drizzle renders bare column names inside a sub-select.
  productCount: sql<number>`(select count(*)::int from product_to_tag pt where pt.tag_id = "product_tag"."id")`,
  version: productTag.version,
};

export const listAdminTags = async (db: Db): Promise<AdminProductTag[]> =>
  db
    .select(tagColumns)
    .from(productTag)
    .where(eq(productTag.siteId, SITE_ID))
    .orderBy(asc(productTag.sort), asc(productTag.id));

const tagNotFound = () => fieldError(BusinessCode.NOT_FOUND, 'tagId', messages.tagNotFound);

const getAdminTag = async (db: Db, id: number) => {
  const [row] = await db
    .select(tagColumns)
    .from(productTag)
    .where(and(eq(productTag.siteId, SITE_ID), eq(productTag.id, id)));
  if (!row) throw tagNotFound();
  return row;
};

const refuseTakenName = async (db: Db, name: string, exceptId?: number) => {
  const [taken] = await db
    .select({ id: productTag.id })
    .from(productTag)
    .where(
      and(
        eq(productTag.siteId, SITE_ID),
        eq(productTag.name, name),
        exceptId ? ne(productTag.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError(BusinessCode.BAD_REQUEST, 'name', messages.tagNameTaken);
};

export const createAdminTag = async (
  db: Db,
  actor: Actor,
  input: { name: string; sort?: number; requestKey: string },
) => {
  const id = await db.transaction(async (tx) => {
    const [again] = await tx
      .select({ id: productTag.id })
      .from(productTag)
      .where(eq(productTag.requestKey, input.requestKey));
    if (again) return again.id;
    await refuseTakenName(tx, input.name);
    // The unique indexes settle a race between two creates (same key or same name).
    return createAudited(tx, actor, {
      table: productTag,
      values: { siteId: SITE_ID, name: input.name, sort: input.sort ?? 100, requestKey: input.requestKey },
      otherConflict: () => fieldError(BusinessCode.BAD_REQUEST, 'name', messages.tagNameTaken),
      targetType: 'product_tag',
      detail: { name: input.name },
    });
  });
  return getAdminTag(db, id);
};

export const updateAdminTag = async (
  db: Db,
  actor: Actor,
  input: { tagId: number; name?: string; sort?: number; version: number },
) => {
  await updateVersioned(db, actor, {
    table: productTag,
    id: input.tagId,
    version: input.version,
    missing: { field: 'tagId', message: messages.tagNotFound },
    targetType: 'product_tag',
    change: async (before, tx) => {
      if (input.name !== undefined) await refuseTakenName(tx, input.name, input.tagId);
      const values = { name: input.name ?? before.name, sort: input.sort ?? before.sort };
      return { set: values, detail: { name: values.name, changes: changedFields(before, values) } };
    },
  });
  return getAdminTag(db, input.tagId);
};

export const deleteAdminTag = (db: Db, actor: Actor, id: number, version: number) =>
  deleteVersioned(db, actor, {
    table: productTag,
    id,
    version,
    notFoundMessage: messages.tagNotFound,
    targetType: 'product_tag',
    audited: { name: productTag.name },
  });
