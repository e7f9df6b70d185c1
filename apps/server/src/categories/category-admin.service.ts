/**
 * The category tree as the console edits it. Children share their parent's kind (a news
 * sub-column is a news column); the tree is at most three levels deep and never has a cycle.
 * The site's fixed sections (those with a slug, and the default redirect targets) stay where they are.
 */
import {
  type AdminCategory,
  BusinessCode,
  CATEGORY_MAX_DEPTH,
  type CategoryKind,
  DEFAULT_IDS,
  messages,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { article, category } from '../db/schema';
import { createAudited } from '../shared/admin/request-key';
import {
  deleteVersioned,
  fieldError,
  lockVersioned,
  nextVersionOf,
  updateVersioned,
} from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';

const FIXED_IDS = new Set<number>(Object.values(DEFAULT_IDS));

const columns = {
  id: category.id,
  parentId: category.parentId,
  kind: category.kind,
  name: category.name,
  slug: category.slug,
  sort: category.sort,
  // Qualified by hand: drizzle renders bare column names, which inside the sub-select mean article's.
  articleCount: sql<number>`(select count(*)::int from article a where a.category_id = "category"."id")`,
  version: category.version,
};

const toItem = (row: AdminCategory): AdminCategory => ({
  ...row,
  kind: row.kind,
});

export const listCategoryTree = async (db: Db): Promise<AdminCategory[]> => {
  const rows = await db
    .select(columns)
    .from(category)
    .where(eq(category.siteId, SITE_ID))
    .orderBy(asc(category.kind), asc(category.sort), asc(category.id));
  return rows.map(toItem);
};

const getCategory = async (db: Db, id: number): Promise<AdminCategory> => {
  const [row] = await db
    .select(columns)
    .from(category)
    .where(and(eq(category.siteId, SITE_ID), eq(category.id, id)));
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'categoryId', messages.categoryNotFound);
  return toItem(row);
};

/** 1 for a top-level category. */
const depthOf = async (db: Db, id: number) => {
  const [row] = await queryRows<{ depth: number }>(
    db,
    sql`with recursive up as (
      select id, parent_id, 1 as depth from ${category} where id = ${id}
      union all
      select c.id, c.parent_id, up.depth + 1 from ${category} c join up on c.id = up.parent_id where up.depth < 20
    ) select max(depth)::int as depth from up`,
  );
  return row?.depth ?? 1;
};

/** The category and all below it, with their depth relative to it (itself 1). */
const subtree = async (db: Db, id: number) =>
  queryRows<{ id: number; depth: number }>(
    db,
    sql`with recursive down as (
      select id, 1 as depth from ${category} where id = ${id}
      union all
      select c.id, down.depth + 1 from ${category} c join down on c.parent_id = down.id where down.depth < 20
    ) select id, depth from down`,
  );

const nextSort = async (db: Db, parentId: number | null, kind: CategoryKind) => {
  const [row] = await db
    .select({ max: sql<number | null>`max(${category.sort})::int` })
    .from(category)
    .where(
      and(
        eq(category.siteId, SITE_ID),
        parentId === null ? isNull(category.parentId) : eq(category.parentId, parentId),
        eq(category.kind, kind),
      ),
    );
  return (row?.max ?? 0) + 10;
};

const requireParent = async (db: Db, parentId: number) => {
  const [parent] = await db
    .select({ id: category.id, kind: category.kind })
    .from(category)
    .where(and(eq(category.siteId, SITE_ID), eq(category.id, parentId)));
  if (!parent) throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', messages.categoryNotFound);
  return parent;
};

export const createCategory = async (
  db: Db,
  actor: Actor,
  input: { name: string; kind: CategoryKind; parentId: number | null; requestKey: string },
) => {
  const id = await db.transaction(async (tx) => {
    if (input.parentId !== null) {
      const parent = await requireParent(tx, input.parentId);
      if (parent.kind !== input.kind)
        throw fieldError(BusinessCode.BAD_REQUEST, 'kind', messages.categoryKindMismatch);
      if ((await depthOf(tx, input.parentId)) + 1 > CATEGORY_MAX_DEPTH)
        throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', messages.categoryTooDeep);
    }
    return createAudited(tx, actor, {
      table: category,
      values: {
        siteId: SITE_ID,
        parentId: input.parentId,
        kind: input.kind,
        name: input.name,
        sort: await nextSort(tx, input.parentId, input.kind),
        requestKey: input.requestKey,
      },
      targetType: 'category',
      detail: { name: input.name, kind: input.kind, parentId: input.parentId },
    });
  });
  return getCategory(db, id);
};

const MISSING = { field: 'categoryId', message: messages.categoryNotFound };

/** Locks the row and checks its version; answers the row as it was. */
const lockVersion = (db: Db, id: number, version: number) =>
  lockVersioned(db, category, id, version, MISSING);

const editCategory = (id: number, version: number) =>
  ({ table: category, id, version, missing: MISSING, targetType: 'category' }) as const;

export const renameCategory = async (db: Db, actor: Actor, id: number, name: string, version: number) => {
  await updateVersioned(db, actor, {
    ...editCategory(id, version),
    change: (before) => ({ set: { name }, detail: { name, changes: { name: [before.name, name] } } }),
  });
  return getCategory(db, id);
};

export const moveCategory = async (
  db: Db,
  actor: Actor,
  id: number,
  parentId: number | null,
  version: number,
) => {
  await updateVersioned(db, actor, {
    ...editCategory(id, version),
    change: async (before, tx) => {
      if (before.slug || FIXED_IDS.has(id))
        throw fieldError(BusinessCode.BAD_REQUEST, 'categoryId', messages.categoryFixed);
      if (before.parentId === parentId) return null;
      const below = await subtree(tx, id);
      if (parentId !== null) {
        if (below.some((c) => c.id === parentId))
          throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', messages.categoryCycle);
        const parent = await requireParent(tx, parentId);
        if (parent.kind !== before.kind)
          throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', messages.categoryKindMismatch);
        const height = Math.max(...below.map((c) => c.depth));
        if ((await depthOf(tx, parentId)) + height > CATEGORY_MAX_DEPTH)
          throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', messages.categoryTooDeep);
      }
      return {
        action: 'move',
        set: { parentId, sort: await nextSort(tx, parentId, before.kind) },
        detail: { name: before.name, changes: { parentId: [before.parentId, parentId] } },
      };
    },
  });
  return getCategory(db, id);
};

export const reorderCategories = async (
  db: Db,
  actor: Actor,
  input: { parentId: number | null; kind: CategoryKind; orderedIds: number[] },
) => {
  await db.transaction(async (tx) => {
    const siblings = await tx
      .select({ id: category.id, sort: category.sort, version: category.version })
      .from(category)
      .where(
        and(
          eq(category.siteId, SITE_ID),
          input.parentId === null ? isNull(category.parentId) : eq(category.parentId, input.parentId),
          eq(category.kind, input.kind),
        ),
      )
      .for('update');
    const known = new Set(siblings.map((s) => s.id));
    const sameSet =
      siblings.length === input.orderedIds.length &&
      new Set(input.orderedIds).size === input.orderedIds.length &&
      input.orderedIds.every((id) => known.has(id));
    // A list that no longer matches the siblings was made from a stale tree: refuse, do not guess.
    if (!sameSet) throw new BusinessError(BusinessCode.CONFLICT, messages.siblingsChanged);
    const byId = new Map(siblings.map((s) => [s.id, s]));
    for (const [index, id] of input.orderedIds.entries()) {
      const sibling = byId.get(id);
      const sort = (index + 1) * 10;
      if (!sibling || sibling.sort === sort) continue;
      await tx
        .update(category)
        .set({ sort, ...nextVersionOf(category, sibling) })
        .where(eq(category.id, id));
    }
    await recordAudit(tx, actor, {
      action: 'reorder',
      targetType: 'category',
      targetId: input.parentId ?? input.kind,
      detail: { kind: input.kind, parentId: input.parentId, order: input.orderedIds },
    });
  });
  return (await listCategoryTree(db)).filter((c) => c.parentId === input.parentId && c.kind === input.kind);
};

/** Fixed categories (the site's own sections) and categories holding children or articles stay. */
const refuseFixedOrInUse = async (tx: Db, id: number, version: number) => {
  const before = await lockVersion(tx, id, version);
  if (before.slug || FIXED_IDS.has(id))
    throw fieldError(BusinessCode.BAD_REQUEST, 'categoryId', messages.categoryFixed);
  const [use] = await queryRows<{ n: number }>(
    tx,
    sql`select (select count(*) from ${category} where parent_id = ${id})
      + (select count(*) from ${article} where category_id = ${id}) as n`,
  );
  if (Number(use?.n ?? 0) > 0)
    throw fieldError(BusinessCode.BAD_REQUEST, 'categoryId', messages.categoryNotEmpty);
};

export const deleteCategory = (db: Db, actor: Actor, id: number, version: number) =>
  deleteVersioned(db, actor, {
    table: category,
    id,
    version,
    notFoundMessage: messages.categoryNotFound,
    targetType: 'category',
    audited: { name: category.name, kind: category.kind },
    guard: (tx) => refuseFixedOrInUse(tx, id, version),
  });
