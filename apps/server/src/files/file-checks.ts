/**
 * What an upload may be: the type is read from the content (magic bytes), never from the name or
 * the client's Content-Type, and only an allow-list is kept. Markup (HTML, SVG, XML) is refused
 * even as text, so nothing uploaded can run script in our origin.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { isWellFormedMedia } from './media-checks';

export interface FileKind {
  /** Stored extension, e.g. png, docx, txt. */
  format: string;
  contentType: string;
  /** May be shown in the browser (view=1); everything else is always an attachment. */
  inline: boolean;
  image: boolean;
}

const kind = (format: string, contentType: string, inline = false, image = false): FileKind => ({
  format,
  contentType,
  inline,
  image,
});

const BY_DETECTED: Record<string, FileKind> = {
  png: kind('png', 'image/png', true, true),
  jpg: kind('jpg', 'image/jpeg', true, true),
  gif: kind('gif', 'image/gif', true, true),
  webp: kind('webp', 'image/webp', true, true),
  pdf: kind('pdf', 'application/pdf', true),
  docx: kind('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xlsx: kind('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  pptx: kind('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  // Recordings and videos as schools make them (decision 014): voice memos and Safari recordings (m4a),
  // Chrome and Android recordings (webm), PC recorders (wav), iPhone camera videos (mov).
  mp3: kind('mp3', 'audio/mpeg', true),
  m4a: kind('m4a', 'audio/mp4', true),
  wav: kind('wav', 'audio/wav', true),
  mp4: kind('mp4', 'video/mp4', true),
  webm: kind('webm', 'video/webm', true),
  mov: kind('mov', 'video/quicktime', true),
  zip: kind('zip', 'application/zip'),
};

/** The stored formats that are pictures. */
export const PICTURE_FORMATS = Object.values(BY_DETECTED)
  .filter((k) => k.image)
  .map((k) => k.format);

// Old Office files share one container format (CFB) with installers (.msi): the name decides, and only these.
const CFB_BY_NAME: Record<string, FileKind> = {
  doc: kind('doc', 'application/msword'),
  xls: kind('xls', 'application/vnd.ms-excel'),
  ppt: kind('ppt', 'application/vnd.ms-powerpoint'),
};

const TEXT_PLAIN = 'text/plain; charset=utf-8';
const MARKUP_NAMES = new Set(['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'js', 'mjs', 'hta']);
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i;
const TEXT_SNIFF_BYTES = 64 * 1024;

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const readAll = async (path: string, limit: number) => {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(limit);
    const { bytesRead } = await handle.read(buffer, 0, limit, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** Plain UTF-8 text with no NUL bytes and no markup. */
const textKind = async (path: string, size: number, declaredExt: string): Promise<FileKind | null> => {
  if (MARKUP_NAMES.has(declaredExt)) return null;
  const bytes = await readAll(path, size);
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const head = text.slice(0, TEXT_SNIFF_BYTES).replace(/^\uFEFF/, '');
  if (head.trimStart().startsWith('<') || MARKUP.test(head)) return null;
  return kind(declaredExt === 'csv' ? 'csv' : 'txt', TEXT_PLAIN, true);
};

/** A picture's size in pixels as it is shown: EXIF orientation applied (a phone photo taken upright). */
export interface PictureSize {
  width: number;
  height: number;
}

/** An upload's kind, and for a picture its size (kept on the file row: the site's srcset and aspect ratio). */
export type DetectedFile = FileKind & { pictureSize: PictureSize | null };

/** The kind of a stored upload, or null when it is not on the allow-list. */
export const detectFileKind = async (
  path: string,
  size: number,
  declaredName: string,
): Promise<DetectedFile | null> => {
  const declaredExt = extensionOf(declaredName);
  const detected = await fileTypeFromFile(path);
  const found = !detected
    ? await textKind(path, size, declaredExt)
    : detected.ext === 'cfb'
      ? (CFB_BY_NAME[declaredExt] ?? null)
      : (BY_DETECTED[detected.ext] ?? null);
  if (!found || !(await isWellFormedMedia(path, size, found.format))) return null;
  if (!found.image) return { ...found, pictureSize: null };
  const pictureSize = await decodedPictureSize(path);
  return pictureSize ? { ...found, pictureSize } : null;
};

type SharpInput = string | Buffer;

/** The size a picture is shown at, from its header; null when the header gives none. */
export const pictureSizeOf = async (input: SharpInput): Promise<PictureSize | null> => {
  const { default: sharp } = await import('sharp');
  try {
    const { autoOrient } = await sharp(input).metadata();
    return autoOrient.width && autoOrient.height
      ? { width: autoOrient.width, height: autoOrient.height }
      : null;
  } catch {
    return null;
  }
};

/**
 * A picture must decode to its end, not just start with the right magic bytes or header: a picture cut
 * short would otherwise be stored, and fail each time a smaller copy of it is asked for. Its size when it does.
 */
const decodedPictureSize = async (path: string): Promise<PictureSize | null> => {
  const { default: sharp } = await import('sharp');
  const pictureSize = await pictureSizeOf(path);
  if (!pictureSize) return null;
  try {
    // Drawn tiny: JPEG decodes at reduced scale, yet every byte of the picture is read and checked.
    await sharp(path, { failOn: 'error' }).resize(8, 8, { fit: 'inside' }).toBuffer();
    return pictureSize;
  } catch {
    return null;
  }
};

/** How a stored file is served, from its recorded format. */
export const kindOfFormat = (format: string): FileKind =>
  BY_DETECTED[format] ??
  CFB_BY_NAME[format] ??
  (format === 'txt' || format === 'csv'
    ? kind(format, TEXT_PLAIN, true)
    : kind(format, 'application/octet-stream'));

const MAX_NAME_BYTES = 255;
// Control characters, and invisible or direction-changing ones that make "gpj.exe" look like "exe.jpg".
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A display name safe to store and to send back: no directories, no control characters, at most
 * 255 UTF-8 bytes, and the extension of the detected format.
 */
export const cleanFileName = (raw: string, format: string) => {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const name = base.replace(UNSAFE_CHARS, '').trim().replace(/^\.+/, '');
  const dot = name.lastIndexOf('.');
  let stem = (dot > 0 ? name.slice(0, dot) : name).trim();
  const ext = `.${format}`;
  if (!stem) stem = 'file';
  let chars = [...stem];
  while (Buffer.byteLength(chars.join('') + ext) > MAX_NAME_BYTES) chars = chars.slice(0, -1);
  return chars.join('') + ext;
};

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export const contentDisposition = (type: 'inline' | 'attachment', name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};
