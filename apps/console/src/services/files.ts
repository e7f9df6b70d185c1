/** File addresses of spec §7 (/fs/api): avatar images and uploads. */
export const FS_BASE = '/fs/api';

export const avatarUrl = (photoId: string | null | undefined) =>
  photoId ? `${FS_BASE}/viewPic.file?fileUuid=${encodeURIComponent(photoId)}` : undefined;

export const UPLOAD_URL = `${FS_BASE}/v1.0/uploadFile.json`;
