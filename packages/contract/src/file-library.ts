/**
 * The media library's organising part (issue 35 item 1, decision 066): nested folders, tags on files, search by
 * name, tag and kind, bulk move and tag, and the resumable chunked upload. Per-picture facts are in
 * file-pictures.ts; where a file is used in files-admin.ts.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { fileUuidList, labelList, nullablePositiveInt } from './admin-fields';
import {
  digitsToNumber,
  optionalOneOf,
  optionalPositiveInt,
  optionalText,
  positiveInt,
  siteScoped,
  text,
} from './fields';
import { fileUuid } from './files';

export const FOLDER_NAME_MAX = 40;
export const FILE_TAG_MAX = 20;
/** Tags added or removed in one call, and tags a file may carry. */
export const FILE_TAGS_PER_CALL_MAX = 10;
export const FILE_TAGS_PER_FILE_MAX = 20;
/** Files moved or tagged in one call (a page of the library at its largest size). */
export const FILE_BULK_MAX = 100;
/** Nesting depth of folders: deep enough for 年份/学校/活动, shallow enough to read as a tree. */
export const FOLDER_DEPTH_MAX = 6;

/**
 * Kinds a search may ask for, read from the stored content type (the type detected from the content on
 * upload, file-checks.ts): picture image/*, video video/*, audio audio/*, archive zip, document the rest.
 */
export const FILE_KINDS = ['picture', 'document', 'video', 'audio', 'archive'] as const;
export type FileKindName = (typeof FILE_KINDS)[number];

export const libraryMessages = {
  folderNotFound: '文件夹不存在',
  folderLoop: '不能把文件夹移到它自己或它的子文件夹里',
  folderTooDeep: `文件夹最多 ${FOLDER_DEPTH_MAX} 层`,
  folderNameTaken: '同一位置已有同名文件夹',
  folderNotEmpty: '文件夹里还有文件或子文件夹，请先移走或删除它们',
  tooManyTags: `每个文件最多 ${FILE_TAGS_PER_FILE_MAX} 个标签`,
  tagsRequired: '请填写要添加或移除的标签',
  chunkSizeChanged: '同一上传的文件大小前后不一致，请重新上传',
  uploadInterrupted: '网络中断，上传已暂停；点“重试”从已上传的位置继续',
  chunkBeyondSize: '分片超出了文件大小',
  chunkFieldsMissing: '请提供分片位置 offset、文件大小 size 和文件名 name',
} as const;

const folderName = text('文件夹名称', FOLDER_NAME_MAX);
const tagList = (label: string) => labelList(label, FILE_TAGS_PER_CALL_MAX, FILE_TAG_MAX);
const fileUuids = fileUuidList('文件', FILE_BULK_MAX, fileUuid)
  .refine((list) => list.length > 0, { error: '请选择文件' })
  .transform((list) => [...new Set(list)]);

export const fileFolder = z.object({
  folderId: z.number().int(),
  /** null: at the library's top level. */
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** Files directly in the folder. */
  fileCount: z.number().int(),
});
export type FileFolder = z.infer<typeof fileFolder>;

export const inquireFileFolderListAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'inquireFileFolderListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '素材库的全部文件夹（平铺，按 parentId 组成树），含每个文件夹直接包含的文件数',
  input: siteScoped,
  item: fileFolder,
  result: 'list',
});

export const createFileFolderAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'createFileFolderAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: `新建文件夹（名称最多 ${FOLDER_NAME_MAX} 字；parentId 为空时在最上层；最多 ${FOLDER_DEPTH_MAX} 层）`,
  input: siteScoped.extend({ name: folderName, parentId: nullablePositiveInt('上级文件夹') }),
  item: fileFolder,
  result: 'list',
  mutates: true,
});

export const updateFileFolderAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'updateFileFolderAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: '重命名或移动文件夹；移到它自己或它的子文件夹里会被拒绝',
  input: siteScoped.extend({
    folderId: positiveInt('文件夹'),
    name: folderName,
    parentId: nullablePositiveInt('上级文件夹'),
  }),
  item: fileFolder,
  result: 'list',
  mutates: true,
});

export const deleteFileFolderAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'deleteFileFolderAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: '删除空文件夹（还有文件或子文件夹时拒绝）',
  input: siteScoped.extend({ folderId: positiveInt('文件夹') }),
  item: z.object({ folderId: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const moveFilesAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'moveFilesAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: `把所选文件（最多 ${FILE_BULK_MAX} 个）移到一个文件夹；folderId 为空时移到最上层`,
  input: siteScoped.extend({ fileUuids, folderId: nullablePositiveInt('文件夹') }),
  item: z.object({ fileUuid: z.string(), folderId: z.number().int().nullable() }),
  result: 'list',
  mutates: true,
});

export const tagFilesAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'tagFilesAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: `给所选文件（最多 ${FILE_BULK_MAX} 个）添加或移除标签（每次最多 ${FILE_TAGS_PER_CALL_MAX} 个，每个最多 ${FILE_TAG_MAX} 字）`,
  input: siteScoped
    .extend({ fileUuids, add: tagList('标签'), remove: tagList('标签') })
    .refine((v) => v.add.length + v.remove.length > 0, {
      error: libraryMessages.tagsRequired,
      path: ['add'],
    }),
  item: z.object({ fileUuid: z.string(), tags: z.array(z.string()) }),
  result: 'list',
  mutates: true,
});

export const fileTagCount = z.object({ tag: z.string(), fileCount: z.number().int() });

export const inquireFileTagListAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'inquireFileTagListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '素材库用过的标签及各自的文件数（按名称排序）',
  input: siteScoped,
  item: fileTagCount,
  result: 'list',
});

/** The library's search fields, added to inquireFileListAdmin's input. */
export const fileSearchFields = {
  /** Files directly in this folder (absent: every file). */
  folderId: optionalPositiveInt('文件夹'),
  tag: optionalText('标签', FILE_TAG_MAX),
  kind: optionalOneOf('文件类型', FILE_KINDS),
};

/**
 * The chunked upload (decision 066): POST raw bytes (application/octet-stream) of one chunk at `offset` of a file
 * of `size` bytes, under an upload id the client chose for that file. The answer says how many bytes the server
 * holds; a chunk at any other offset is not written and the answer names where to continue, so an interrupted
 * upload resumes from the last chunk received. The last chunk runs the upload's content checks and stores the
 * file (in `folderId`, public). GET with uploadId answers what is held so far.
 */
export const FILE_CHUNK_BYTES = 512 * 1024;
export const fileChunkUpload = {
  path: '/fs/api/v1.0/uploadFileChunk.file',
  auth: 'admin',
  scope: 'site',
  permission: 'files.write',
  input: siteScoped.partial().extend({
    uploadId: fileUuid,
    offset: z.preprocess(digitsToNumber, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).optional(),
    size: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).optional(),
    name: text('文件名', 255).optional(),
    folderId: optionalPositiveInt('文件夹'),
  }),
} as const;

export const fileChunkAnswer = z.object({
  received: z.number().int(),
  /** Present once the last chunk is in and the file is stored. */
  file: z
    .object({ fileUuid: z.string(), fileName: z.string(), fileSize: z.number().int(), format: z.string() })
    .optional(),
});
export type FileChunkAnswer = z.infer<typeof fileChunkAnswer>;
