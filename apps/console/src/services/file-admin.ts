/** Stored-file management calls (fs base, admin). Uploads go to UPLOAD_URL (services/files.ts). */
import {
  deleteFileAdmin,
  deleteOrphanFilesAdmin,
  fileUrls,
  inquireFileListAdmin,
  inquireFileRevisionListAdmin,
  inquireFileUsageAdmin,
  inquireOrphanFileListAdmin,
  replaceFileAdmin,
  restoreFileRevisionAdmin,
  updateFilePictureAdmin,
} from '@yuexun/contract';
import { call, callList, JSON_BODY } from './client';

export type FileQuery = Parameters<typeof callList<typeof inquireFileListAdmin>>[1];

export const listFiles = (query: FileQuery) => callList(inquireFileListAdmin, query);

/** The places that use a file (at most FILE_USAGE_LIST_MAX). */
export const listFileUsages = async (fileUuid: string) =>
  (await call(inquireFileUsageAdmin, { fileUuid })).datas;

export const deleteFile = (fileUuid: string) => call(deleteFileAdmin, { fileUuid });

export const previewUrl = (fileUuid: string) => fileUrls.viewPic(fileUuid);
/** view: open in the browser (pictures, PDF, text) instead of saving. */
export const downloadUrl = (fileUuid: string, fileName: string, view = false) =>
  fileUrls.download(fileUuid, fileName, view);

/** Uploads older than a day that nothing refers to. */
export const listOrphanFiles = async () => (await call(inquireOrphanFileListAdmin, {})).datas;

/** Removes those still orphaned (the server re-checks); answers the uuids actually removed. */
export const deleteOrphanFiles = async (fileUuids: string[]) =>
  (await call(deleteOrphanFilesAdmin, { fileUuids }, JSON_BODY)).datas.map((f) => f.fileUuid);

/** A picture's alt text and focal point (0–1 from the top left). */
export const setPicture = (input: { fileUuid: string; altText: string; focusX: number; focusY: number }) =>
  call(updateFilePictureAdmin, input, JSON_BODY);

/** Puts a fresh upload's content under the file's address; the old content becomes a revision. */
export const replaceFile = (fileUuid: string, withFileUuid: string) =>
  call(replaceFileAdmin, { fileUuid, withFileUuid }, JSON_BODY);

/** The file's earlier contents, newest first. */
export const listFileRevisions = async (fileUuid: string) =>
  (await call(inquireFileRevisionListAdmin, { fileUuid })).datas;

export const restoreFileRevision = (fileUuid: string, revisionId: number) =>
  call(restoreFileRevisionAdmin, { fileUuid, revisionId }, JSON_BODY);
