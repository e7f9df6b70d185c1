/** Uploads for covers and inline pictures: public files (anyone may view them on the site). */
import { fileUrls } from '@yuexun/contract';
import type { UploadProps } from 'antd';
import { uploadRequest } from '../services/files';

/** The Upload transport for public pictures. */
export const publicUpload = uploadRequest('public');

export const imageUrl = (fileUuid: string) => fileUrls.viewPic(fileUuid);

export const isImage = (file: { type?: string; name: string }) =>
  ['image/jpeg', 'image/png'].includes(file.type ?? '') || /\.(jpe?g|png)$/i.test(file.name);

export type UploadChange = Parameters<NonNullable<UploadProps['onChange']>>[0];
