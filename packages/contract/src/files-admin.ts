/** Console management of stored files (fs base, admin only): list and delete; upload is /fs/api/v1.0/uploadFile.json. */
import { z } from 'zod';
import { defineAction } from './action';
import { fileUuidList } from './admin-fields';
import { optionalText, siteScoped } from './fields';
import { fileSearchFields } from './file-library';
import { fileUuid } from './files';
import { pagingInput } from './paging';

export const adminFile = z.object({
  fileUuid: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.string(),
  contentType: z.string(),
  /** public: covers and product pictures anyone may view; private: owner and admins. */
  visibility: z.string(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  /** How many places use the file (FILE_USAGE_KINDS); a used file cannot be deleted. */
  usedBy: z.number().int(),
  /** Pictures: alt text ('' when unset) and focal point, 0–1 from the top left (file-pictures.ts). */
  altText: z.string(),
  focusX: z.number(),
  focusY: z.number(),
  /** Pictures: the size shown, in pixels (decision 071); null when not a picture or not measured yet, 0 unknown. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The media library's folder (null: top level) and tags (file-library.ts). */
  folderId: z.number().int().nullable(),
  tags: z.array(z.string()),
});
export type AdminFile = z.infer<typeof adminFile>;

export const inquireFileListAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'inquireFileListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary:
    '素材库文件列表：按文件名关键词、格式、文件夹、标签与类型（图片、文档、视频、音频、压缩包）筛选，新文件在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    keyword: optionalText('文件名', 60),
    format: optionalText('文件格式', 10),
    ...fileSearchFields,
  }),
  item: adminFile,
  result: 'paged',
});

/** The places that can use a stored file (files/file-usage.ts on the server). */
export const FILE_USAGE_KINDS = [
  'article',
  'product',
  'banner',
  'settings',
  'form',
  'recycleBin',
  'draft',
  'account',
  'app',
  'lead',
] as const;
export type FileUsageKind = (typeof FILE_USAGE_KINDS)[number];
/** At most this many places are listed (the count in the file list is exact). */
export const FILE_USAGE_LIST_MAX = 50;

export const fileUsage = z.object({
  kind: z.enum(FILE_USAGE_KINDS),
  /** The record's id ('' for the site settings); for a draft, the article or product it belongs to. */
  id: z.string(),
  /** Its title or name; for a draft, what it is a draft of (article or product). */
  title: z.string(),
});
export type FileUsage = z.infer<typeof fileUsage>;

export const inquireFileUsageAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'inquireFileUsageAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: `文件的使用位置：文章、产品、横幅、站点设置、表单、回收站、未保存的草稿、账号头像、应用图标与线索附件（最多 ${FILE_USAGE_LIST_MAX} 处）`,
  input: siteScoped.extend({ fileUuid }),
  item: fileUsage,
  result: 'list',
});

export const deleteFileAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'deleteFileAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: '删除文件（元数据与内容）；仍被使用的文件不能删除，错误信息列出使用位置',
  input: siteScoped.extend({ fileUuid }),
  item: z.object({ fileUuid: z.string() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

/** An upload is an orphan once it is this old and nothing refers to it (a fresh one may be mid-edit). */
export const ORPHAN_MIN_AGE_HOURS = 24;
/** At most this many orphans are listed, and removed in one go. */
export const ORPHAN_BATCH_MAX = 200;

export const inquireOrphanFileListAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'inquireOrphanFileListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: `未被引用的文件：上传超过 ${ORPHAN_MIN_AGE_HOURS} 小时、没有任何文章、产品、站点设置、回收站或自动保存引用（最多 ${ORPHAN_BATCH_MAX} 个，旧的在前）`,
  input: siteScoped,
  item: adminFile,
  result: 'list',
});

export const deleteOrphanFilesAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'deleteOrphanFilesAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary:
    '删除所列的未被引用文件；删除时在同一事务中重新检查引用，仍被引用或上传不足一天的文件不会删除；返回实际删除的文件',
  input: siteScoped.extend({
    fileUuids: fileUuidList('文件', ORPHAN_BATCH_MAX, fileUuid).refine((list) => list.length > 0, {
      error: '请选择要删除的文件',
    }),
  }),
  item: z.object({ fileUuid: z.string() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});
