/**
 * Responsive pictures (decision 012): each slot says how wide it is shown and which of the server's
 * widths can serve it, so the browser fetches the smallest WebP copy that stays sharp. Browsers
 * without WebP (iOS before 14) get one middle-sized copy in the stored format.
 */

import {
  fileUrls,
  type ImageFormat,
  type ImageWidth,
  objectPositionOf,
  type PictureCropName,
  type PictureFacts,
  type SitePicture,
} from '@yuexun/contract';
import type { CSSProperties } from 'react';

interface Slot {
  /** How wide the picture is shown, per layout (mirrors the grid rules in site.css). */
  sizes: string;
  /** The copies worth offering: up to twice the largest shown width. */
  widths: ImageWidth[];
}

export const COVER_SLOTS = {
  /** Thumbnail beside a list item: 16:9 at 200 px from 576, 240 px from 992; on phones 112 px cut to 4:3 (150 px wide at 16:9). */
  list: { sizes: '(min-width: 992px) 240px, (min-width: 576px) 200px, 150px', widths: [160, 320, 480] },
  /** A card in a grid (articles, price-shop products): the list thumbnail on phones, on top of the card from 576 (two, then three columns). */
  card: {
    sizes: '(min-width: 1600px) 445px, (min-width: 992px) 380px, (min-width: 576px) 50vw, 150px',
    widths: [160, 320, 480, 640, 800],
  },
  /** Product picture: full width on phones, half the container from 768. */
  detail: {
    sizes: '(min-width: 1600px) 680px, (min-width: 768px) 580px, 100vw',
    widths: [480, 640, 800, 1200],
  },
  /** A picture on the preview page: the content column (1200 wide at most, 16 px margins on phones). */
  preview: { sizes: '(min-width: 1232px) 1200px, calc(100vw - 32px)', widths: [480, 640, 800, 1200] },
} satisfies Record<string, Slot>;

export type CoverSlot = keyof typeof COVER_SLOTS;

/**
 * `version` names the picture's content (decision 064): such an address is cached for a year, and a replaced
 * picture gets a new one. Without it the server has the browser check again each time.
 */
export const webpSrcSet = (fileUuid: string, slot: CoverSlot, version?: string) =>
  COVER_SLOTS[slot].widths
    .map((width) => `${fileUrls.viewPic(fileUuid, { width, format: 'webp', version })} ${width}w`)
    .join(', ');

/** The copy for browsers without WebP. */
export const fallbackSrc = (fileUuid: string, version?: string) =>
  fileUrls.viewPic(fileUuid, { width: 640, version });

/**
 * Focal points (files page, decision 063) as CSS custom properties on a cropped picture: the stylesheet
 * turns them into `object-position` per layout (e.g. --focus-phone below 768 px, --focus-desktop above).
 */
export const focusStyle = (points: Record<`--focus-${string}`, PictureFacts>): CSSProperties => {
  const style: Record<string, string> = {};
  for (const [name, facts] of Object.entries(points)) style[name] = objectPositionOf(facts);
  return style;
};

/**
 * A named crop drawn around the picture's focal point (decision 063). The point is in the address (`f`),
 * so a new point is a new address and no browser keeps the old crop.
 */
export const cropUrl = (
  fileUuid: string,
  crop: PictureCropName,
  facts: SitePicture,
  variant: { width?: ImageWidth; format?: ImageFormat } = {},
) =>
  fileUrls.viewPic(fileUuid, {
    ...variant,
    version: facts.version || undefined,
    crop,
    focus: `${Math.round(facts.focusX * 1000)}-${Math.round(facts.focusY * 1000)}`,
  });

/** A banner's WebP srcset of its crop at the given widths. */
export const bannerSrcSet = (
  fileUuid: string,
  crop: PictureCropName,
  facts: SitePicture,
  widths: ImageWidth[],
) =>
  widths.map((width) => `${cropUrl(fileUuid, crop, facts, { width, format: 'webp' })} ${width}w`).join(', ');
