/**
 * Smaller and WebP copies of stored pictures for viewPic.file?w=&fmt= (decision 012): drawn by
 * sharp on first request, kept in the variant store beside the originals (variant-store.ts: this
 * instance's disk, or the object store shared by all instances) and served with the same year-long
 * cache as the original. A file's bytes never change under its uuid, so a variant never goes stale;
 * deleting the file removes its variants.
 */
import type { Readable } from 'node:stream';
import type { ImageFormat, ImageWidth, PictureCrop } from '@yuexun/contract';
import type { Sharp } from 'sharp';
import { kindOfFormat } from './file-checks';
import type { VariantStore } from './variant-store';

export interface VariantRequest {
  width: ImageWidth | null;
  format: ImageFormat | null;
  /** A named crop around the focal point (0–1 from the top left); absent: the whole picture. */
  crop?: { crop: PictureCrop; focusX: number; focusY: number } | null;
}

export interface Variant {
  bytes: Buffer;
  /** Extension of the variant's format (png, jpg, webp). */
  format: string;
  contentType: string;
  /** Distinguishes the variant's ETag from the original's. */
  tag: string;
}

/** Formats sharp redraws; GIFs keep their animation by being served as they are. */
const RESIZABLE = new Set(['png', 'jpg', 'webp']);

/** A copy is drawn for a smaller width or another format; a WebP asked for as WebP is the original. */
export const wantsVariant = (format: string, request: VariantRequest) =>
  RESIZABLE.has(format) &&
  (request.width !== null || !!request.crop || (request.format ?? format) !== format);

/** Whether a stored format can be cropped (GIFs keep their animation and are not). */
export const croppable = (format: string) => RESIZABLE.has(format);

/** A crop's part of the name: which crop around which point (a new point never reads an old copy). */
const cropTag = (request: VariantRequest) =>
  request.crop
    ? `${request.crop.crop.name}-${Math.round(request.crop.focusX * 1000)}-${Math.round(request.crop.focusY * 1000)}-`
    : '';

/** A variant's name, known before it is drawn: the ETag of a copy a browser holds can be answered with 304 at once. */
export const variantTag = (storedFormat: string, request: VariantRequest) =>
  `${cropTag(request)}${request.width ?? 'full'}.${request.format ?? storedFormat}`;

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/**
 * The largest region of the crop's shape inside the (upright) picture, placed so the focal point is as
 * central as the picture's edges allow, scaled down to the crop's size (never enlarged).
 */
const cropAround = async (
  image: Sharp,
  { crop, focusX, focusY }: NonNullable<VariantRequest['crop']>,
): Promise<Buffer> => {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  const { default: sharp } = await import('sharp');
  const ratio = crop.width / crop.height;
  const width = Math.min(info.width, Math.round(info.height * ratio));
  const height = Math.min(info.height, Math.round(width / ratio));
  const left = clamp(Math.round(focusX * info.width - width / 2), 0, info.width - width);
  const top = clamp(Math.round(focusY * info.height - height / 2), 0, info.height - height);
  return sharp(data)
    .extract({ left, top, width, height })
    .resize({ width: crop.width, height: crop.height, fit: 'fill', withoutEnlargement: true })
    .toBuffer();
};

const draw = async (original: Buffer, storedFormat: string, request: VariantRequest) => {
  const { default: sharp } = await import('sharp');
  // rotate(): phone photos carry their orientation in EXIF, which the variant (metadata stripped) would lose.
  let image = sharp(original, { failOn: 'error' }).rotate();
  if (request.crop) image = sharp(await cropAround(image, request.crop));
  if (request.width) image = image.resize({ width: request.width, withoutEnlargement: true });
  const format = request.format ?? storedFormat;
  if (format === 'webp') return image.webp({ quality: 76, effort: 4 }).toBuffer();
  if (format === 'jpg') return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  return image.png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
};

export const imageVariants = (store: VariantStore, log: { warn: (o: object, m: string) => void }) => {
  // One drawing per variant at a time: a page of ten covers asked for at once draws each once.
  const drawing = new Map<string, Promise<Buffer>>();
  /** Copies this instance has drawn (read by tests: a copy another instance drew is read, not drawn again). */
  let drawn = 0;

  const get = async (
    uuid: string,
    storedFormat: string,
    request: VariantRequest,
    original: () => Promise<Readable | null>,
  ): Promise<Variant> => {
    const format = request.format ?? storedFormat;
    const name = variantTag(storedFormat, request);
    const variant = (bytes: Buffer): Variant => ({
      bytes,
      format,
      contentType: kindOfFormat(format).contentType,
      tag: name,
    });
    const cached = await store.read(uuid, name);
    if (cached) return variant(cached);
    const key = `${uuid.toLowerCase()}/${name}`;
    let pending = drawing.get(key);
    if (!pending) {
      pending = (async () => {
        const body = await original();
        if (!body) throw new Error('original missing');
        const bytes = await draw(await readAll(body), storedFormat, request);
        drawn += 1;
        // A copy that could not be kept is still this answer's; the next request draws it again.
        await store
          .write(uuid, name, bytes, kindOfFormat(format).contentType)
          .catch((error: unknown) => log.warn({ err: error, fileUuid: uuid }, 'picture variant not kept'));
        return bytes;
      })();
      drawing.set(key, pending);
      pending.finally(() => drawing.delete(key)).catch(() => undefined);
    }
    return variant(await pending);
  };

  return { get, forget: (uuid: string) => store.forget(uuid), drawn: () => drawn };
};

export type ImageVariants = ReturnType<typeof imageVariants>;
