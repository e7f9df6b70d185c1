/**
 * Pictures the site shows on every page or on its home page (logos, favicon, QR code, banners): each must
 * be a stored image (by the type detected from its content at upload) within SITE_PICTURE_MAX_BYTES.
 * A picture used on the site is public from then on.
 */
import {
  BusinessCode,
  formatFileSize,
  messages,
  SITE_PICTURE_FORMATS,
  SITE_PICTURE_MAX_BYTES,
} from '@yuexun/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import { fieldError } from './admin/versioned';

/** `pictures`: field name → file uuid ('' for none). Refuses the first bad one under its field. */
export const checkSitePictures = async (tx: Db, pictures: Record<string, string>) => {
  const wanted = Object.entries(pictures).filter(([, uuid]) => uuid !== '');
  if (wanted.length === 0) return;
  const uuids = wanted.map(([, uuid]) => uuid);
  const rows = await tx
    .select({ uuid: file.uuid, format: file.format, size: file.size })
    .from(file)
    .where(inArray(file.uuid, uuids));
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  for (const [field, uuid] of wanted) {
    const stored = byUuid.get(uuid);
    if (!stored) throw fieldError(BusinessCode.BAD_REQUEST, field, messages.fileNotFound);
    if (!(SITE_PICTURE_FORMATS as readonly string[]).includes(stored.format))
      throw fieldError(BusinessCode.BAD_REQUEST, field, messages.pictureNotImage(stored.format));
    if (stored.size > SITE_PICTURE_MAX_BYTES)
      throw fieldError(
        BusinessCode.BAD_REQUEST,
        field,
        messages.pictureTooLarge(formatFileSize(SITE_PICTURE_MAX_BYTES)),
      );
  }
  await tx.update(file).set({ visibility: 'public' }).where(inArray(file.uuid, uuids));
};
