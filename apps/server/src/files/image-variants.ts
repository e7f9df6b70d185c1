/**
 * Smaller and WebP copies of stored pictures for viewPic.file?w=&fmt= (decision 012): drawn by
 * sharp on first request, kept in the variant store beside the originals (variant-store.ts: this
 * instance's disk, or the object store shared by all instances) and served with the same year-long
 * cache as the original. A file's bytes never change under its uuid, so a variant never goes stale;
 * deleting the file removes its variants.
 */
import type { Readable } from 'node:stream';
import type { ImageFormat, ImageWidth } from '@yuexun/contract';
import { kindOfFormat } from './file-checks';
import type { VariantStore } from './variant-store';

export interface VariantRequest {
  width: ImageWidth | null;
  format: ImageFormat | null;
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
  RESIZABLE.has(format) && (request.width !== null || (request.format ?? format) !== format);

/** A variant's name, known before it is drawn: the ETag of a copy a browser holds can be answered with 304 at once. */
export const variantTag = (storedFormat: string, request: VariantRequest) =>
  `${request.width ?? 'full'}.${request.format ?? storedFormat}`;

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const draw = async (original: Buffer, storedFormat: string, request: VariantRequest) => {
  const { default: sharp } = await import('sharp');
  // rotate(): phone photos carry their orientation in EXIF, which the variant (metadata stripped) would lose.
  let image = sharp(original, { failOn: 'error' }).rotate();
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
