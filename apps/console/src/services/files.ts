/** File addresses of spec §7 (/fs/api), from the contract: avatar images and uploads. */
import { fileUrls } from '@yuexun/contract';

export const avatarUrl = (photoId: string | null | undefined) =>
  photoId ? fileUrls.viewPic(photoId) : undefined;

export const UPLOAD_URL = fileUrls.upload;
