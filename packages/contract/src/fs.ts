/** Files base (/fs/api/): upload answer and the query strings of the two `.file` calls (spec §3, §7). */
import { z } from 'zod';
import { FILES_BASE } from './constants';

export const FILE_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileUuid = z.string().regex(FILE_UUID_PATTERN, { error: '文件编号 fileUuid 格式不正确' });

export const uploadedFile = z.object({
  fileUuid: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** Lower-case extension derived from the detected type, e.g. png. */
  format: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const uploadFileResponse = z.object({
  success: z.literal(true),
  flag: z.literal('SUCCESS'),
  status: z.literal(200),
  data: z.array(uploadedFile),
  datas: z.array(uploadedFile),
});

export const viewPicQuery = z.object({ fileUuid });
export const downloadFileQuery = z.object({
  fileUuid,
  filename: z.string().max(255).optional(),
  view: z.enum(['0', '1']).optional(),
});

export const fileUrls = {
  upload: `${FILES_BASE}v1.0/uploadFile.json`,
  viewPic: (uuid: string) => `${FILES_BASE}v1.0/viewPic.file?fileUuid=${encodeURIComponent(uuid)}`,
  download: (uuid: string, filename?: string, view = false) => {
    const q = new URLSearchParams({ fileUuid: uuid });
    if (filename) q.set('filename', filename);
    if (view) q.set('view', '1');
    return `${FILES_BASE}v1.0/downloadFile.file?${q}`;
  },
} as const;

/** Extension of a file name, lower case, without the dot (spec §3: derived file format). */
export const fileFormatOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};
