/** File addresses of spec §7 (/fs/api), from the contract, and uploads through the one request layer. */
import { type FileVisibility, fileUrls, type UploadedFile, uploadFile } from '@yuexun/contract';
import { BusinessError } from '@yuexun/request';
import type { UploadProps } from 'antd';
import { client } from './client';

export const avatarUrl = (photoId: string | null | undefined) =>
  photoId ? fileUrls.viewPic(photoId) : undefined;

/** The uploaded file of an upload answer, or null when the server refused it. */
export const uploadedOf = (response: unknown): UploadedFile | null => {
  const body = response as { success?: boolean; datas?: UploadedFile[] } | undefined;
  return body?.success && body.datas?.[0] ? body.datas[0] : null;
};

export const errorOf = (response: unknown): string | undefined =>
  (response as { errorMessage?: string } | undefined)?.errorMessage;

// quiet: each widget names the file in its own message; a lost session still asks for a login.
const postFile = (file: File, visibility?: FileVisibility) =>
  client.callAction(
    uploadFile,
    { file, ...(visibility ? { visibility } : {}) },
    { requestType: 'multipart', quiet: true },
  );

/**
 * antd Upload's transport: the same call, so an Upload widget gets the session, base path and error
 * handling of every other call. On success the file's `response` is the envelope; on a refusal it is the
 * refusing envelope and `error` carries the server's message.
 */
export const uploadRequest =
  (visibility?: FileVisibility): NonNullable<UploadProps['customRequest']> =>
  ({ file, onSuccess, onError }) => {
    postFile(file as File, visibility).then(
      (answer) => onSuccess?.(answer),
      (error: Error) => onError?.(error, error instanceof BusinessError ? error.response : undefined),
    );
  };
