/**
 * /fs/api/: upload (multipart, only here), viewPic.file (images, cached forever by content hash;
 * `w`/`fmt` ask for a smaller or WebP copy, see image-variants.ts)
 * and downloadFile.file (attachment unless view=1 for a type browsers show safely).
 * Unknown, malformed or unreadable uuids all answer the same 404, so existence is not revealed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  BusinessCode,
  businessMessage,
  downloadFileQuery,
  type FailureEnvelope,
  fail,
  fileUrls,
  imageFormatFor,
  imageWidthFor,
  messages,
  type UploadedFile,
  viewPicQuery,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lookupRequestSession, toAuthContext } from '../plugins/auth';
import { checkOrigin } from '../plugins/origin';
import { findFile, mayRead, recordFile, type StoredFile } from './file.service';
import { cleanFileName, contentDisposition, detectFileKind, kindOfFormat } from './file-checks';
import { type Variant, type VariantRequest, variantTag, wantsVariant } from './image-variants';

const readableSize = (bytes: number) =>
  bytes >= 1048576 ? `${Math.floor(bytes / 1048576)}MB` : `${Math.floor(bytes / 1024)}KB`;

const pathOnly = (url: string) => url.split('?')[0] as string;

interface Received {
  path: string;
  name: string;
  size: number;
  sha256: string;
}

const notFound = (reply: FastifyReply, message: string = messages.fileNotFound) =>
  reply.status(404).send(fail(BusinessCode.NOT_FOUND, message));

export const registerFileRoutes = async (app: FastifyInstance) => {
  const maxBytes = app.config.uploadMaxBytes;
  const tempDir = join(app.config.dataDir, 'tmp');

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    });

    scope.post(
      pathOnly(fileUrls.upload),
      {
        schema: {
          summary: '上传文件（multipart/form-data，字段 file；需登录）',
          tags: ['fs'],
          consumes: ['multipart/form-data'],
        },
      },
      async (request, reply) => {
        const refused = checkOrigin(request, app.config);
        if (refused) return refused;
        if (!request.isMultipart()) return fail(BusinessCode.BAD_REQUEST, messages.fileMissing);

        const fields: Record<string, string> = {};
        let received: Received | null = null;
        let denied: FailureEnvelope | null = null;
        // A failure of our own (database) is a 500; everything else in the loop is the client's body.
        let ownFailure: unknown = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (typeof part.value === 'string') fields[part.fieldname] = part.value;
              continue;
            }
            if (received || denied || part.fieldname !== 'file') {
              part.file.resume();
              continue;
            }
            try {
              denied = await app.authorize('session', request, reply, fields.sid);
            } catch (error) {
              ownFailure = error;
            }
            if (denied || ownFailure) {
              part.file.resume();
              continue;
            }
            received = await receive(part.file, part.filename, tempDir);
          }
        } catch (error) {
          if (received) await rm(received.path, { force: true });
          return refuseUpload(reply, error, maxBytes);
        }
        if (ownFailure) throw ownFailure;
        if (denied) return denied;
        if (!received) return fail(BusinessCode.BAD_REQUEST, messages.fileMissing);
        try {
          return await store(app, request, received, fields);
        } finally {
          await rm(received.path, { force: true });
        }
      },
    );
  });

  const readable = async (request: FastifyRequest, uuid: string): Promise<StoredFile | null> => {
    const stored = await findFile(app.db, uuid);
    if (!stored) return null;
    if (stored.visibility !== 'public') {
      const found = await lookupRequestSession(app, request);
      if (!mayRead(stored, found.state === 'active' ? toAuthContext(found.session) : null)) return null;
    }
    return stored;
  };

  /** Sets the caching headers; true when the browser's copy (by ETag) is still the right one. */
  const notModified = (
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredFile,
    tag: string | undefined,
    lasting = true,
  ) => {
    const etag = tag ? `"${stored.sha256}-${tag}"` : `"${stored.sha256}"`;
    const cache = !lasting
      ? 'no-cache'
      : stored.visibility === 'public'
        ? 'public, max-age=31536000, immutable'
        : 'private, max-age=0';
    reply.header('x-content-type-options', 'nosniff').header('etag', etag).header('cache-control', cache);
    return request.headers['if-none-match'] === etag;
  };

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredFile,
    disposition: string,
    variant?: Variant,
    /** False when a copy was asked for but could not be drawn: the original then stands in only briefly. */
    lasting = true,
  ) => {
    if (notModified(request, reply, stored, variant?.tag, lasting)) return reply.status(304).send();
    if (variant) {
      return reply
        .header('content-type', variant.contentType)
        .header('content-length', variant.bytes.length)
        .header('content-disposition', disposition)
        .send(variant.bytes);
    }
    const body = await app.blobs.get(stored.uuid);
    if (!body) return notFound(reply);
    return reply
      .header('content-type', kindOfFormat(stored.format).contentType)
      .header('content-length', stored.size)
      .header('content-disposition', disposition)
      .send(body);
  };

  /**
   * The requested size or format of a picture; none when none is asked for, and `failed` when drawing
   * it failed (the original is sent instead).
   */
  const variantOf = async (
    request: FastifyRequest,
    stored: StoredFile,
    wanted: VariantRequest,
  ): Promise<{ variant?: Variant; failed: boolean }> => {
    if (!wantsVariant(stored.format, wanted)) return { failed: false };
    try {
      const variant = await app.imageVariants.get(stored.uuid, stored.format, wanted, () =>
        app.blobs.get(stored.uuid),
      );
      return { variant, failed: false };
    } catch (error) {
      request.log.warn({ err: error, fileUuid: stored.uuid }, 'picture variant not drawn; original sent');
      return { failed: true };
    }
  };

  app.get(
    pathOnly(fileUrls.viewPic('x')),
    {
      schema: {
        summary: '查看图片（inline，长缓存；w=宽度、fmt=webp 取缩小或 WebP 版本）',
        tags: ['fs'],
        querystring: { type: 'object' },
      },
    },
    async (request, reply) => {
      const query = viewPicQuery.safeParse(request.query);
      if (!query.success) return notFound(reply, messages.picNotFound);
      const stored = await readable(request, query.data.fileUuid);
      if (!stored || !kindOfFormat(stored.format).image) return notFound(reply, messages.picNotFound);
      // A copy the browser already holds is confirmed without reading or drawing it.
      const wanted = { width: imageWidthFor(query.data.w), format: imageFormatFor(query.data.fmt) };
      if (
        wantsVariant(stored.format, wanted) &&
        notModified(request, reply, stored, variantTag(stored.format, wanted))
      )
        return reply.status(304).send();
      const { variant, failed } = await variantOf(request, stored, wanted);
      const name = variant ? cleanFileName(stored.name, variant.format) : stored.name;
      return send(request, reply, stored, contentDisposition('inline', name), variant, !failed);
    },
  );

  app.get(
    pathOnly(fileUrls.download('x')),
    {
      schema: {
        summary: '下载文件（view=1 时在浏览器中打开图片、PDF、文本、音视频）',
        tags: ['fs'],
        querystring: { type: 'object' },
      },
    },
    async (request, reply) => {
      const query = downloadFileQuery.safeParse(request.query);
      if (!query.success) return notFound(reply);
      const stored = await readable(request, query.data.fileUuid);
      if (!stored) return notFound(reply);
      const name = query.data.filename ? cleanFileName(query.data.filename, stored.format) : stored.name;
      const inline = query.data.view === '1' && kindOfFormat(stored.format).inline;
      return send(request, reply, stored, contentDisposition(inline ? 'inline' : 'attachment', name));
    },
  );
};

/** Maps a failure while reading the multipart body to the client's fault, except system trouble (a real 500). */
const refuseUpload = (reply: FastifyReply, error: unknown, maxBytes: number) => {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply
      .status(413)
      .send(fail(BusinessCode.PAYLOAD_TOO_LARGE, messages.fileTooLarge(readableSize(maxBytes))));
  }
  // Disk full, permissions and the like: ours, not the client's.
  if (/^E[A-Z]+$/.test(code)) throw error;
  const message =
    code === 'FST_FILES_LIMIT' ? messages.fileOnlyOne : `${businessMessage(400)}：${messages.badBody}`;
  return reply.status(400).send(fail(BusinessCode.BAD_REQUEST, message));
};

/** Streams one upload to a temporary file, hashing and counting on the way. */
const receive = async (
  source: NodeJS.ReadableStream,
  filename: string,
  tempDir: string,
): Promise<Received> => {
  await mkdir(tempDir, { recursive: true });
  const path = join(tempDir, `${randomUUID()}.upload`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return { path, name: filename, size, sha256: hash.digest('hex') };
};

const store = async (
  app: FastifyInstance,
  request: FastifyRequest,
  received: Received,
  fields: Record<string, string>,
) => {
  if (received.size === 0) return fail(BusinessCode.BAD_REQUEST, messages.fileEmpty);
  const kind = await detectFileKind(received.path, received.size, received.name);
  if (!kind) return fail(BusinessCode.BAD_REQUEST, messages.fileTypeRefused);
  const auth = request.auth;
  if (!auth) return fail(BusinessCode.NOT_LOGGED_IN);
  const uuid = randomUUID();
  const name = cleanFileName(received.name, kind.format);
  await app.blobs.put(uuid, createReadStream(received.path));
  // Only a school's admin may publish (covers, product pictures); everything else stays private.
  const visibility = fields.visibility === 'public' && auth.access === 'admin' ? 'public' : 'private';
  await recordFile(app.db, {
    uuid,
    name,
    size: received.size,
    format: kind.format,
    contentType: kind.contentType,
    sha256: received.sha256,
    ownerAccountId: auth.accountId,
    tenantId: auth.tenantId,
    visibility,
  });
  const item: UploadedFile = { fileUuid: uuid, fileName: name, fileSize: received.size, format: kind.format };
  return { success: true, flag: 'SUCCESS', status: 200, data: [item], datas: [item] };
};
