/**
 * 素材库 calls (fs base; contract file-library.ts, decision 066): folders, tags, bulk move and tag, and the
 * resumable chunked upload, which sends a file in FILE_CHUNK_BYTES pieces and, after a failure, asks the server
 * how much it holds and goes on from there.
 */
import {
  createFileFolderAdmin,
  deleteFileFolderAdmin,
  FILE_CHUNK_BYTES,
  type FileChunkAnswer,
  type FileFolder,
  fileChunkUpload,
  inquireFileFolderListAdmin,
  inquireFileTagListAdmin,
  libraryMessages,
  messages,
  moveFilesAdmin,
  SITE_ID,
  tagFilesAdmin,
  type UploadedFile,
  updateFileFolderAdmin,
} from '@yuexun/contract';
import { call, JSON_BODY } from './client';

export const listFolders = async (): Promise<FileFolder[]> =>
  (await call(inquireFileFolderListAdmin, {})).datas;
export const listTags = async () => (await call(inquireFileTagListAdmin, {})).datas;

export const createFolder = (name: string, parentId: number | null) =>
  call(createFileFolderAdmin, { name, parentId }, JSON_BODY);
export const updateFolder = (folderId: number, name: string, parentId: number | null) =>
  call(updateFileFolderAdmin, { folderId, name, parentId }, JSON_BODY);
export const deleteFolder = (folderId: number) => call(deleteFileFolderAdmin, { folderId });

export const moveFiles = (fileUuids: string[], folderId: number | null) =>
  call(moveFilesAdmin, { fileUuids, folderId }, JSON_BODY);
export const tagFiles = (fileUuids: string[], add: string[], remove: string[]) =>
  call(tagFilesAdmin, { fileUuids, add, remove }, JSON_BODY);

/** A refusal by the server (the file's content, its size, the folder): retrying will not help. */
export class UploadRefused extends Error {}

interface ChunkEnvelope {
  success?: boolean;
  errorMessage?: string;
  datas?: FileChunkAnswer[];
}

const chunkAddress = (query: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams({ siteId: String(SITE_ID) });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) q.set(key, String(value));
  return `${fileChunkUpload.path}?${q}`;
};

/** The envelope of a chunk call; a network fault or a server fault (5xx) throws a plain Error (retried). */
const chunkCall = async (url: string, init: RequestInit): Promise<FileChunkAnswer> => {
  const res = await fetch(url, { credentials: 'same-origin', ...init });
  if (res.status >= 500) throw new Error(libraryMessages.uploadInterrupted);
  const body = (await res.json().catch(() => null)) as ChunkEnvelope | null;
  const answer = body?.datas?.[0];
  if (!body?.success || !answer)
    throw new UploadRefused(body?.errorMessage ?? libraryMessages.uploadInterrupted);
  return answer;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Tries per chunk before the file is shown as failed (with 重试, which resumes). */
const CHUNK_TRIES = 3;

export interface ChunkedUpload {
  file: File;
  /** Chosen once per file and kept across 重试, so the server's part is found again. */
  uploadId: string;
  folderId?: number;
  onProgress: (sentBytes: number) => void;
}

export const uploadInChunks = async ({
  file,
  uploadId,
  folderId,
  onProgress,
}: ChunkedUpload): Promise<UploadedFile> => {
  if (file.size === 0) throw new UploadRefused(messages.fileEmpty);
  const base = { uploadId, size: file.size, name: file.name, folderId };
  let received = (await chunkCall(chunkAddress({ uploadId }), { method: 'GET' })).received;
  onProgress(received);
  for (let failures = 0; ; ) {
    try {
      const piece = file.slice(received, received + FILE_CHUNK_BYTES);
      const answer = await chunkCall(chunkAddress({ ...base, offset: received }), {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: piece,
      });
      failures = 0;
      received = answer.received;
      onProgress(received);
      if (answer.file) return answer.file;
    } catch (error) {
      if (error instanceof UploadRefused) throw error;
      if (++failures >= CHUNK_TRIES) throw new Error(libraryMessages.uploadInterrupted);
      await pause(500 * 2 ** failures);
      // The answer may be lost while the chunk arrived: continue from what the server holds.
      received = (await chunkCall(chunkAddress({ uploadId }), { method: 'GET' }).catch(() => ({ received })))
        .received;
    }
  }
};
