/**
 * What keeps content work safe (news base, admin only): revisions of articles and products with
 * restore, the article's explicit status changes, server autosave of an open editor, and the
 * recycle bin deletes go to (restorable for RECYCLE_BIN_DAYS days, then purged).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalInstant, versionField } from './admin-fields';
import { articleUpdateFields } from './articles-admin';
import { oneOf, positiveInt, siteScoped } from './fields';
import { pagingInput } from './paging';

export const REVISION_TARGETS = ['article', 'product'] as const;
export type RevisionTarget = (typeof REVISION_TARGETS)[number];

/** create / update / restore are saves; status is a publish-state change; autosave is never a save. */
export const REVISION_KINDS = ['create', 'update', 'restore', 'status', 'autosave', 'approve'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export const RECYCLE_BIN_DAYS = 30;
/** Histories longer than this show their newest revisions; older ones stay stored. */
export const REVISION_LIST_MAX = 100;

export const revisionSummary = z.object({
  id: z.number().int(),
  kind: z.enum(REVISION_KINDS),
  /** The record's version this revision produced (for an autosave: the version it was typed on). */
  version: z.number().int(),
  /** Field names this save changed. */
  changed: z.array(z.string()),
  accountName: z.string().nullable(),
  at: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummary>;

export const revisionDetail = revisionSummary.extend({
  /** The whole value after this save. */
  snapshot: z.record(z.string(), z.unknown()),
  /** The value before it (the previous revision), null for the first. */
  previous: z.record(z.string(), z.unknown()).nullable(),
});
export type RevisionDetail = z.infer<typeof revisionDetail>;

const target = {
  targetType: oneOf('对象类型', REVISION_TARGETS),
  targetId: positiveInt('对象编号'),
};

export const inquireRevisionListAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireRevisionListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '文章或产品的修订历史（谁、何时、改了哪些字段），新的在前',
  input: siteScoped.extend(target),
  item: revisionSummary,
  result: 'list',
});

export const inquireRevisionDetailAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireRevisionDetailAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '一个修订的完整内容及其上一版（用于对比）；不属于该对象的修订返回 404',
  input: siteScoped.extend({ ...target, revisionId: positiveInt('修订编号') }),
  item: revisionDetail,
  result: 'list',
});

export const restoreRevisionAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'restoreRevisionAdmin',
  auth: 'admin',
  permission: 'articles.write',
  scope: 'site',
  summary: '恢复到某个修订的内容（发布状态不变），记为一个新修订并写入操作日志；version 不是最新时返回 409',
  input: siteScoped.extend({ ...target, revisionId: positiveInt('修订编号'), version: versionField }),
  item: z.object({ id: z.number().int(), version: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

/** The explicit transitions of an article: each a confirmed button in the console. */
export const ARTICLE_TRANSITIONS = ['published', 'scheduled', 'offline', 'draft'] as const;

export const changeArticleStatusAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'changeArticleStatusAdmin',
  auth: 'admin',
  permission: 'articles.publish',
  scope: 'site',
  summary: '发布、定时发布、下线或改回草稿；重新发布保留首次发布时间；version 不是最新时返回 409',
  input: siteScoped.extend({
    articleId: positiveInt('文章编号'),
    version: versionField,
    status: oneOf('发布状态', ARTICLE_TRANSITIONS),
    publishTime: optionalInstant('发布时间'),
  }),
  item: z.object({ id: z.number().int(), version: z.number().int(), status: z.string() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const autosaveArticleAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'autosaveArticleAdmin',
  auth: 'admin',
  permission: 'articles.write',
  scope: 'site',
  summary: '编辑器自动保存：把正在编辑的内容存为未发布的草稿修订（文章本身不变）',
  input: siteScoped.extend(articleUpdateFields.shape).extend({
    articleId: positiveInt('文章编号'),
    version: versionField,
  }),
  item: z.object({ id: z.number().int(), at: z.string() }),
  result: 'list',
  mutates: true,
});

export const recycleBinEntry = z.object({
  id: z.number().int(),
  targetType: z.enum(REVISION_TARGETS),
  targetId: z.number().int(),
  title: z.string(),
  accountName: z.string().nullable(),
  deletedAt: z.string(),
  /** After this instant the entry is purged and can no longer be restored. */
  purgeAt: z.string(),
});
export type RecycleBinEntry = z.infer<typeof recycleBinEntry>;

export const inquireRecycleBinAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireRecycleBinAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: `回收站：删除的文章和产品（${RECYCLE_BIN_DAYS} 天内可恢复），新删除的在前，分页`,
  input: siteScoped.extend(pagingInput.shape),
  item: recycleBinEntry,
  result: 'paged',
});

export const restoreFromRecycleBinAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'restoreFromRecycleBinAdmin',
  auth: 'admin',
  permission: 'articles.write',
  scope: 'site',
  summary: '从回收站恢复（文章恢复为已下线、产品恢复为未上架，需再次发布）；已清除的返回 404',
  input: siteScoped.extend({ entryId: positiveInt('回收站编号') }),
  item: z.object({ targetType: z.enum(REVISION_TARGETS), targetId: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});
