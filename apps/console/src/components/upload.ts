/** Uploads for covers and inline pictures: public files (anyone may view them on the site). */
import { fileUrls, type UploadedFile } from '@yuexun/contract';
import type { UploadProps } from 'antd';
import { sendFile, uploadRequest } from '../services/files';

/** The Upload transport for public pictures. */
export const publicUpload = uploadRequest('public');

export const imageUrl = (fileUuid: string) => fileUrls.viewPic(fileUuid);

export const isImage = (file: { type?: string; name: string }) =>
  ['image/jpeg', 'image/png'].includes(file.type ?? '') || /\.(jpe?g|png)$/i.test(file.name);

/**
 * Posts one file outside an antd Upload (the editor's image button). The editor shows a failure itself,
 * naming the file; the error's message is the server's.
 */
export const uploadPublicFile = (file: File): Promise<UploadedFile> => sendFile(file, 'public');

export type UploadChange = Parameters<NonNullable<UploadProps['onChange']>>[0];
