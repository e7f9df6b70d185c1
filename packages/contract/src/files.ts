/** Files (fs base, /fs/api/): upload answer and the query strings of the two `.file` calls (spec §3, §7). Implemented by server/src/files. */
import { z } from 'zod';
import { actionPath, defineAction } from './action';
import { FILES_BASE } from './constants';
import { optionalOneOf, siteScoped } from './fields';
import { messages } from './messages';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const FILE_UUID_PATTERN = new RegExp(`^${UUID}$`, 'i');

export const fileUuid = z.string().regex(FILE_UUID_PATTERN, { error: '文件编号 fileUuid 格式不正确' });

export const uploadedFile = z.object({
  fileUuid: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** Lower-case extension derived from the detected type, e.g. png. */
  format: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** Who may view a stored file: public files are the site's pictures (admins only); private the default. */
export const FILE_VISIBILITIES = ['public', 'private'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/**
 * The upload (spec §7): multipart/form-data with the file in `file`. Declared like an action so that
 * clients call it through `callAction` (requestType 'multipart'); served by the file routes, not the action
 * registry, hence not listed in `actions`.
 */
export const uploadFile = defineAction({
  base: 'fs',
  version: 'v1.0',
  name: 'uploadFile',
  auth: 'session',
  summary: '上传文件（multipart/form-data，字段 file；需登录）',
  input: siteScoped.extend({
    visibility: optionalOneOf('可见范围', FILE_VISIBILITIES),
    file: z.instanceof(Blob, { error: messages.fileMissing }),
  }),
  item: uploadedFile,
  result: 'list',
  mutates: true,
});

export const uploadFileResponse = z.object({
  success: z.literal(true),
  flag: z.literal('SUCCESS'),
  status: z.literal(200),
  data: z.array(uploadedFile),
  datas: z.array(uploadedFile),
});

/**
 * Widths (px) a picture may be asked for with `w`: a fixed list, so a crawler cannot make the
 * server draw and keep a variant for every number. Other values are rounded up to the next width.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
const LARGEST_IMAGE_WIDTH: ImageWidth = 1200;
/** Formats a picture may be converted to with `fmt`; absent: the stored format. */
export const IMAGE_FORMATS = ['webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** `w` and `fmt` are optional and forgiving: a value that cannot be used (repeated, too long, not a number) means the original. */
export const viewPicQuery = z.object({
  fileUuid,
  w: z.string().max(12).optional().catch(undefined),
  fmt: z.string().max(12).optional().catch(undefined),
  /** A named crop around the focal point (PICTURE_CROPS); an unknown name is refused with 400. */
  crop: z.string().max(40).optional().catch(undefined),
  /** The content's version (contentVersionOf): names the bytes, so the answer may be kept for a year. */
  v: z.string().max(20).optional().catch(undefined),
});

/**
 * The version of a file's content in its addresses (v=): the first 16 hex digits of its SHA-256. A file's
 * content may be replaced at the same address (decision 064); an address with the current version is
 * cached for a year, any other is revalidated by its ETag.
 */
export const contentVersionOf = (sha256: string) => sha256.slice(0, 16);

/** The allowed width for a requested one: the next one up, at most the largest; null for no usable number. */
export const imageWidthFor = (raw: string | undefined): ImageWidth | null => {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const wanted = Number(raw);
  if (wanted === 0) return null;
  return IMAGE_WIDTHS.find((w) => w >= wanted) ?? LARGEST_IMAGE_WIDTH;
};

export const imageFormatFor = (raw: string | undefined): ImageFormat | null =>
  (IMAGE_FORMATS as readonly string[]).includes(raw ?? '') ? (raw as ImageFormat) : null;

export const downloadFileQuery = z.object({
  fileUuid,
  filename: z.string().max(255).optional(),
  view: z.enum(['0', '1']).optional(),
});

export const fileUrls = {
  upload: actionPath(uploadFile),
  viewPic: (
    uuid: string,
    variant: {
      width?: ImageWidth;
      format?: ImageFormat;
      crop?: string;
      focus?: string;
      /** contentVersionOf the file's SHA-256: an address naming its content is cached for a year. */
      version?: string;
    } = {},
  ) =>
    `${FILES_BASE}v1.0/viewPic.file?fileUuid=${encodeURIComponent(uuid)}${variant.version ? `&v=${variant.version}` : ''}${variant.crop ? `&crop=${variant.crop}` : ''}${variant.focus ? `&f=${variant.focus}` : ''}${variant.width ? `&w=${variant.width}` : ''}${variant.format ? `&fmt=${variant.format}` : ''}`,
  download: (uuid: string, filename?: string, view = false) => {
    const q = new URLSearchParams({ fileUuid: uuid });
    if (filename) q.set('filename', filename);
    if (view) q.set('view', '1');
    return `${FILES_BASE}v1.0/downloadFile.file?${q}`;
  },
} as const;

/** A stored picture's address as rich text holds it (an img src): group 1 is the file uuid. */
const VIEW_PIC = `${FILES_BASE.replace(/\./g, '\\.')}v1\\.0/viewPic\\.file\\?fileUuid=(${UUID})`;
const PICTURE_IN_TEXT = new RegExp(VIEW_PIC, 'gi');
/** The bare address the editor writes (decision 070): the uuid and at most its version, no variant chosen. */
const BARE_PICTURE = new RegExp(`^${VIEW_PIC}(?:&(?:amp;)?v=[0-9a-f]+)?$`, 'i');

/** The uuids of the stored pictures rich text shows (an article or product body), each once. */
export const pictureUuidsIn = (html: string) => [
  ...new Set([...html.matchAll(PICTURE_IN_TEXT)].map((m) => (m[1] as string).toLowerCase())),
];

/** An alt text that is only a picture's file name (校园照片.png, what older editors wrote) describes nothing. */
export const isPictureFileName = (alt: string) =>
  /\.(jpe?g|png|gif|webp|avif|svg|bmp|heic)$/i.test(alt.trim());

/** The file uuid of a bare stored-picture address (an img src as written), else null. */
export const bareStoredPictureUuid = (src: string) => BARE_PICTURE.exec(src)?.[1]?.toLowerCase() ?? null;

/** Extension of a file name, lower case, without the dot (spec §3: derived file format). */
export const fileFormatOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};
