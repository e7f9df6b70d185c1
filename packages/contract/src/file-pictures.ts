/**
 * Per-picture facts kept on a stored file (issue 35, decision 063): alt text the site shows where the content
 * gives none, and a focal point (x, y in 0–1 from the top left) that every cropped picture keeps in view
 * (`object-position` on the site).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { hasControlCharacters, preparedAs, siteScoped } from './fields';
import { fileUuid } from './files';
import { messages } from './messages';

/** Alt text is short by nature: screen readers read it whole. */
export const PICTURE_ALT_MAX = 150;
/** A picture's size in pixels when it is known (decision 071): null when not measured, or measured as 0 × 0. */
export const measuredSize = (p: { width: number | null; height: number | null } | undefined) =>
  p?.width && p.height ? { width: p.width, height: p.height } : null;

/** A picture's focal point when none is set: its centre. */
export const DEFAULT_FOCUS = 0.5;

export interface PictureFacts {
  altText: string;
  focusX: number;
  focusY: number;
}

/**
 * A picture as the site renders it (decision 064): its facts and the version of its content (contentVersionOf),
 * which its addresses carry as `v=` so a replaced picture is a new address.
 */
export interface SitePicture extends PictureFacts {
  version: string;
  /** The picture's size in pixels as shown (decision 071); null until measured. */
  width: number | null;
  height: number | null;
}
/** The pictures an item shows, by file uuid (unknown or missing files left out). */
export type SitePictures = Record<string, SitePicture>;

/** CSS `object-position` of a focal point, e.g. `50% 20%`. */
export const objectPositionOf = (facts: Pick<PictureFacts, 'focusX' | 'focusY'>) =>
  `${Math.round(facts.focusX * 1000) / 10}% ${Math.round(facts.focusY * 1000) / 10}%`;

const unitNumber = (label: string) =>
  preparedAs<number | string>()(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: messages.focusOutOfRange(label) })
      .min(0, { error: messages.focusOutOfRange(label) })
      .max(1, { error: messages.focusOutOfRange(label) }),
  );

const altText = preparedAs<string>()(
  (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
  z
    .string({ error: messages.required('替代文字') })
    .refine((v) => [...v].length <= PICTURE_ALT_MAX, { error: messages.tooLong('替代文字', PICTURE_ALT_MAX) })
    .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters('替代文字') }),
);

export const updateFilePictureAdmin = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'updateFilePictureAdmin',
  auth: 'admin',
  permission: 'files.write',
  scope: 'site',
  summary: `设置图片的替代文字（最多 ${PICTURE_ALT_MAX} 字）与焦点（focusX、focusY，0–1，自左上角起）；非图片的文件不能设置`,
  input: siteScoped.extend({
    fileUuid,
    altText,
    focusX: unitNumber('焦点横坐标'),
    focusY: unitNumber('焦点纵坐标'),
  }),
  item: z.object({ fileUuid: z.string(), altText: z.string(), focusX: z.number(), focusY: z.number() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

/**
 * Named crops drawn by the server from the original around its focal point (`viewPic.file?crop=`): the
 * largest region of the crop's shape that keeps the point as central as the picture allows, scaled down to
 * the crop's size (never up), then to `w` when asked.
 */
export const PICTURE_CROPS = {
  'banner-desktop': { width: 1920, height: 600 },
  'banner-phone': { width: 750, height: 750 },
  card: { width: 1200, height: 900 },
  share: { width: 1200, height: 630 },
} as const;
export type PictureCropName = keyof typeof PICTURE_CROPS;
export interface PictureCrop {
  name: PictureCropName;
  width: number;
  height: number;
}

const isCropName = (raw: string): raw is PictureCropName => Object.hasOwn(PICTURE_CROPS, raw);

/** The crop a `crop` parameter names; null for none, 'unknown' for a name that is not one of PICTURE_CROPS. */
export const pictureCropFor = (raw: string | undefined): PictureCrop | null | 'unknown' => {
  if (raw === undefined || raw === '') return null;
  if (!isCropName(raw)) return 'unknown';
  return { name: raw, ...PICTURE_CROPS[raw] };
};
