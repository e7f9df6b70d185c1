/** Uploads for covers and inline pictures: public files (anyone may view them on the site). */
import { fileUrls, type UploadedFile } from '@yuexun/contract';
import type { UploadProps } from 'antd';

export const PUBLIC_UPLOAD = { visibility: 'public' };

/** The uploaded file of an upload answer, or null when the server refused it. */
export const uploadedOf = (response: unknown): UploadedFile | null => {
  const body = response as { success?: boolean; datas?: UploadedFile[] } | undefined;
  return body?.success && body.datas?.[0] ? body.datas[0] : null;
};

export const errorOf = (response: unknown): string | undefined =>
  (response as { errorMessage?: string } | undefined)?.errorMessage;

export const imageUrl = (fileUuid: string) => fileUrls.viewPic(fileUuid);

export const isImage = (file: { type?: string; name: string }) =>
  ['image/jpeg', 'image/png'].includes(file.type ?? '') || /\.(jpe?g|png)$/i.test(file.name);

/** Posts one file outside an antd Upload (the editor's image button). */
export const uploadPublicFile = async (file: File): Promise<UploadedFile> => {
  const body = new FormData();
  body.append('visibility', 'public');
  body.append('file', file);
  const res = await fetch(fileUrls.upload, { method: 'POST', body, credentials: 'same-origin' });
  const json = (await res.json().catch(() => null)) as unknown;
  const uploaded = uploadedOf(json);
  if (!uploaded) throw new Error(errorOf(json) ?? res.statusText);
  return uploaded;
};

export type UploadChange = Parameters<NonNullable<UploadProps['onChange']>>[0];
