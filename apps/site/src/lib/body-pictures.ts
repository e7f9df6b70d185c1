/**
 * Pictures inside an article or product body, served like the site's other pictures (decision 012): a stored
 * picture's img becomes a <picture> with a WebP copy at most BODY_WIDTH wide (the text column), lazy and decoded
 * off the main thread, so a teacher's 4 MB phone photo costs a phone tens of kilobytes. One copy, not a width
 * srcset: the site does not know a body picture's own size, and a `w` descriptor wider than the picture (the
 * server never enlarges) would make the browser draw it smaller than it is. Its alt text is the body's, or the
 * library's (素材库, decision 063) when the body has none or only the file's name; its addresses name the content
 * (v=, decision 064). Other pictures (outside addresses, a variant chosen by hand) stay as written.
 *
 * The body was sanitised on write (apps/server/src/shared/rich-text.ts), so its img tags have double-quoted
 * attribute values and no markup inside them: a tag-by-tag rewrite is exact here, and every value added is escaped.
 */
import {
  bareStoredPictureUuid,
  fileUrls,
  type ImageWidth,
  isPictureFileName,
  type SitePictures,
} from '@yuexun/contract';

/** The text column is 820 px wide at most: a copy this wide is sharp there and on a phone's 343 px at 2×. */
export const BODY_WIDTH: ImageWidth = 800;

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

const pictureFor = (tag: string, attributes: Map<string, string>, pictures: SitePictures) => {
  const uuid = bareStoredPictureUuid(decodeAttribute(attributes.get('src') ?? ''));
  if (!uuid) return tag;
  const facts = pictures[uuid];
  const written = decodeAttribute(attributes.get('alt') ?? '').trim();
  const alt = written && !isPictureFileName(written) ? written : facts?.altText || written;
  const version = facts?.version || undefined;
  const kept = ['title', 'width', 'height', 'class']
    .filter((name) => attributes.has(name))
    .map((name) => ` ${name}="${attributes.get(name)}"`)
    .join('');
  const webp = fileUrls.viewPic(uuid, { width: BODY_WIDTH, format: 'webp', version });
  const stored = fileUrls.viewPic(uuid, { width: BODY_WIDTH, version });
  return (
    `<picture><source type="image/webp" srcset="${escapeAttribute(webp)}">` +
    `<img src="${escapeAttribute(stored)}" alt="${escapeAttribute(alt)}"${kept} loading="lazy" decoding="async"></picture>`
  );
};

export const responsiveBody = (html: string, pictures: SitePictures = {}) =>
  html.replace(IMG_TAG, (tag, source: string) => pictureFor(tag, attributesOf(source), pictures));
