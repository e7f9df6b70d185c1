/** Console management of stored files (fs base, admin only): list and delete; upload is /fs/api/v1.0/uploadFile.json. */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalText, siteScoped } from './fields';
import { fileUuid } from './fs';
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
  /** How many articles or products use the file as cover (deleting it leaves them without one). */
  usedBy: z.number().int(),
});
export type AdminFile = z.infer<typeof adminFile>;

export const inquireFileListAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'inquireFileListAdmin',
  auth: 'admin',
  summary: '已上传文件列表：按文件名关键词、格式筛选，新文件在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    keyword: optionalText('文件名', 60),
    format: optionalText('文件格式', 10),
  }),
  item: adminFile,
  result: 'paged',
});

export const deleteFileAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'deleteFileAdmin',
  auth: 'admin',
  summary: '删除文件（元数据与内容）；引用它的封面随之清空',
  input: siteScoped.extend({ fileUuid }),
  item: z.object({ fileUuid: z.string() }),
  result: 'list',
  mutates: true,
});
