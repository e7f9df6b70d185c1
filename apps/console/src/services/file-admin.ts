/** Stored-file management calls (fs base, admin). Uploads go to UPLOAD_URL (services/files.ts). */
import { deleteFileAdmin, fileUrls, inquireFileListAdmin } from '@yuexun/contract';
import { call, callList } from './client';

export type FileQuery = Parameters<typeof callList<typeof inquireFileListAdmin>>[1];

export const listFiles = (query: FileQuery) => callList(inquireFileListAdmin, query);

export const deleteFile = (fileUuid: string) => call(deleteFileAdmin, { fileUuid });

export const previewUrl = (fileUuid: string) => fileUrls.viewPic(fileUuid);
/** view: open in the browser (pictures, PDF, text) instead of saving. */
export const downloadUrl = (fileUuid: string, fileName: string, view = false) =>
  fileUrls.download(fileUuid, fileName, view);
