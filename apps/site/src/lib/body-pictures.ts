/**
 * Pictures inside an article or product body, served like the site's other pictures (decision 012): a stored
 * picture's img becomes a <picture> with WebP copies, lazy and decoded off the main thread, so a teacher's 4 MB
 * phone photo costs a phone tens of kilobytes. Where the picture's own size is known (decision 071), it gets a
 * width srcset whose descriptors are the widths the server really draws (never wider than the picture: the
 * server does not enlarge), `sizes` for its column, and width and height so the page does not jump when it
 * loads; otherwise one copy BODY_WIDTH wide. Its alt text is the body's, or the library's (素材库, decision 063)
 * when the body has none or only the file's name; its addresses name the content (v=, decision 064). Other
 * pictures (outside addresses, a variant chosen by hand) stay as written.
 *
 * The body was sanitised on write (apps/server/src/shared/rich-text.ts), so its img tags have double-quoted
 * attribute values and no markup inside them: a tag-by-tag rewrite is exact here, and every value added is escaped.
 */
import {
  bareStoredPictureUuid,
  fileUrls,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  isPictureFileName,
  measuredSize,
  type SitePicture,
  type SitePictures,
} from '@yuexun/contract';

/** The text column is 820 px wide at most: a copy this wide is sharp there and on a phone's 343 px at 2×. */
export const BODY_WIDTH: ImageWidth = 800;

/** How wide a body's column is drawn (`sizes`): an article's reading column, or a product page's full width. */
export const BODY_COLUMNS = {
  article: '(max-width: 852px) calc(100vw - 32px), 820px',
  wide: '(max-width: 1200px) calc(100vw - 32px), 1168px',
} as const;
export type BodyColumn = keyof typeof BODY_COLUMNS;

const IMG_TAG = /<img\b([^>]*?)\s*\/?>/gi;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/gi;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const attributesOf = (source: string) =>
  new Map([...source.matchAll(ATTRIBUTE)].map((m) => [(m[1] as string).toLowerCase(), m[2] as string]));

const altOf = (written: string, facts: SitePicture | undefined) =>
  written && !isPictureFileName(written) ? written : facts?.altText || written;

/**
 * The drawn copies of a picture `width` px wide: each allowed width, as wide as the server really draws it
 * (a width past the picture's own gives the picture itself, so it is listed once, under its own width).
 */
const drawnWidths = (width: number) => {
  const drawn = new Map<number, ImageWidth>();
  for (const asked of IMAGE_WIDTHS)
    if (!drawn.has(Math.min(asked, width))) drawn.set(Math.min(asked, width), asked);
  return [...drawn];
};

/**
 * width and height for the img: as written; the one missing worked out from the picture's shape; or the
 * picture's own size when neither is written (CSS scales it to the column, keeping the shape).
 */
const boxOf = (
  width: string | undefined,
  height: string | undefined,
  own: { width: number; height: number } | null,
) => {
  if (!own || (width && height)) return { width, height };
  if (!width && !height) return { width: String(own.width), height: String(own.height) };
  const w = Number(width);
  const h = Number(height);
  if (w > 0) return { width, height: String(Math.round((w * own.height) / own.width)) };
  if (h > 0) return { width: String(Math.round((h * own.width) / own.height)), height };
  return { width, height };
};

const pictureFor = (
  tag: string,
  attributes: Map<string, string>,
  pictures: SitePictures,
  column: BodyColumn,
) => {
  const uuid = bareStoredPictureUuid(decodeAttribute(attributes.get('src') ?? ''));
  if (!uuid) return tag;
  const facts = pictures[uuid];
  const version = facts?.version || undefined;
  const at = (width: ImageWidth, format?: ImageFormat) =>
    escapeAttribute(fileUrls.viewPic(uuid, { width, format, version }));
  const alt = altOf(decodeAttribute(attributes.get('alt') ?? '').trim(), facts);
  const own = measuredSize(facts);
  const box = boxOf(attributes.get('width'), attributes.get('height'), own);
  const kept = Object.entries({ title: attributes.get('title'), ...box, class: attributes.get('class') })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  const img = `<img src="${at(BODY_WIDTH)}" alt="${escapeAttribute(alt)}"${kept} loading="lazy" decoding="async">`;
  if (!own) return `<picture><source type="image/webp" srcset="${at(BODY_WIDTH, 'webp')}">${img}</picture>`;
  const srcset = drawnWidths(own.width)
    .map(([drawn, asked]) => `${at(asked, 'webp')} ${drawn}w`)
    .join(', ');
  return `<picture><source type="image/webp" srcset="${srcset}" sizes="${BODY_COLUMNS[column]}">${img}</picture>`;
};

export const responsiveBody = (html: string, pictures: SitePictures = {}, column: BodyColumn = 'article') =>
  html.replace(IMG_TAG, (tag, source: string) => pictureFor(tag, attributesOf(source), pictures, column));
