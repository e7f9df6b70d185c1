/**
 * Replacing a stored file while keeping its address (issue 35 item 1, decision 064): the new content is uploaded
 * as any upload is (uploadFile, checked by content), then replaceFileAdmin moves it under the kept file's uuid;
 * the old content becomes a revision that can be listed and restored.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { positiveInt, siteScoped } from './fields';
import { fileUuid } from './files';

export const fileRevision = z.object({
  id: z.number().int(),
  fileUuid: z.string(),
  /** The version's display name, size, checksum (SHA-256, hex) and type. */
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: z.string(),
  format: z.string(),
  contentType: z.string(),
  /** Who replaced it by a newer version, and when. */
  replacedByName: z.string().nullable(),
  replacedAt: z.string(),
});
export type FileRevision = z.infer<typeof fileRevision>;

/** A file's revisions as replaceFileAdmin and restoreFileRevisionAdmin answer: the file's current facts. */
const replacedFile = z.object({
  fileUuid: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.string(),
  sha256: z.string(),
});

export const replaceFileAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'replaceFileAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary:
    '替换文件内容，地址不变：withFileUuid 是刚上传（uploadFile）的新版本，其内容移到 fileUuid 下，原内容存为历史版本；图片只能换成图片；图片的缩小版本与裁剪、页面缓存随之清除',
  input: siteScoped.extend({ fileUuid, withFileUuid: fileUuid }),
  item: replacedFile,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const inquireFileRevisionListAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'inquireFileRevisionListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '文件的历史版本（被替换下来的内容），新的在前',
  input: siteScoped.extend({ fileUuid }),
  item: fileRevision,
  result: 'list',
});

export const restoreFileRevisionAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'restoreFileRevisionAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: '把文件恢复为某个历史版本，地址不变；当前内容先存为一个新的历史版本；图片只能恢复为图片',
  input: siteScoped.extend({ fileUuid, revisionId: positiveInt('版本编号') }),
  item: replacedFile,
  result: 'list',
  mutates: true,
  affectsSite: true,
});
