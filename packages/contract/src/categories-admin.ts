/** Console management of the category tree (news base, admin only): add, rename, move, reorder, delete. */
import { z } from 'zod';
import { defineAction } from './action';
import { idList, nullablePositiveInt, requestKeyField, versionField } from './admin-fields';
import { CATEGORY_KINDS } from './constants';
import { oneOf, positiveInt, siteScoped, text } from './fields';

/** Top level, child, grandchild: deep enough for sections and their sub-columns. */
export const CATEGORY_MAX_DEPTH = 3;

export const adminCategory = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  kind: z.enum(CATEGORY_KINDS),
  name: z.string(),
  /** Fixed sections the site links to by key; they cannot be moved under another category. */
  slug: z.string().nullable(),
  sort: z.number().int(),
  articleCount: z.number().int(),
  version: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

const categoryName = text('栏目名称', 30);

export const inquireCategoryTreeAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireCategoryTreeAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '全部栏目（扁平列表，含上级、排序与文章数；客户端组装成树）',
  input: siteScoped,
  item: adminCategory,
  result: 'list',
});

export const createCategoryAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'createCategoryAdmin',
  auth: 'admin',
  permission: 'categories.write',
  scope: 'site',
  summary: '新建栏目（排在同级最后）；下级栏目的类型与上级一致；同一 requestKey 只建一个',
  input: siteScoped.extend({
    name: categoryName,
    kind: oneOf('栏目类型', CATEGORY_KINDS),
    parentId: nullablePositiveInt('上级栏目'),
    requestKey: requestKeyField,
  }),
  item: adminCategory,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const renameCategoryAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'renameCategoryAdmin',
  auth: 'admin',
  permission: 'categories.write',
  scope: 'site',
  summary: '栏目改名；version 不是最新时返回 409',
  input: siteScoped.extend({
    categoryId: positiveInt('栏目编号'),
    name: categoryName,
    version: versionField,
  }),
  item: adminCategory,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const moveCategoryAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'moveCategoryAdmin',
  auth: 'admin',
  permission: 'categories.write',
  scope: 'site',
  summary: '把栏目移到另一上级下（或顶层），排在最后；不能移到自己的下级下',
  input: siteScoped.extend({
    categoryId: positiveInt('栏目编号'),
    parentId: nullablePositiveInt('上级栏目'),
    version: versionField,
  }),
  item: adminCategory,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const reorderCategoriesAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'reorderCategoriesAdmin',
  auth: 'admin',
  permission: 'categories.write',
  scope: 'site',
  summary: '同级栏目重新排序：orderedIds 须恰好是这些同级栏目，否则返回 409',
  input: siteScoped.extend({
    parentId: nullablePositiveInt('上级栏目'),
    kind: oneOf('栏目类型', CATEGORY_KINDS),
    orderedIds: idList('栏目编号', 200),
  }),
  item: adminCategory,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const deleteCategoryAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'deleteCategoryAdmin',
  auth: 'admin',
  permission: 'categories.write',
  scope: 'site',
  summary: '删除没有子栏目和文章的栏目',
  input: siteScoped.extend({ categoryId: positiveInt('栏目编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});
