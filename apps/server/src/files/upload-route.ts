/**
 * POST /fs/api/…/uploadFile: multipart, one file, checked by content (file-checks.ts), stored in the blob store
 * and recorded; private unless a site admin asks for public. The session may come as the `sid` field, which
 * the client sends before the file, so the check happens before any byte is kept.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  BusinessCode,
  businessMessage,
  type FailureEnvelope,
  fail,
  fileUrls,
  messages,
  type UploadedFile,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uploadDocs } from '../http/openapi';
import { defineRoute } from '../http/route';
import { siteMembershipOf } from '../shared/auth/session.service';
import { StoreUnavailableError } from '../shared/errors';
import { recordFile } from './file.service';
import { cleanFileName, detectFileKind } from './file-checks';
import { pathOnly } from './file-serving';

export const readableSize = (bytes: number) =>
  bytes >= 1048576 ? `${Math.floor(bytes / 1048576)}MB` : `${Math.floor(bytes / 1024)}KB`;

export interface Received {
  path: string;
  name: string;
  size: number;
  sha256: string;
}

export const registerUploadRoute = async (app: FastifyInstance) => {
  const maxBytes = app.config.uploadMaxBytes;
  const tempDir = join(app.config.dataDir, 'tmp');

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    });

    defineRoute(scope, {
      method: 'POST',
      url: pathOnly(fileUrls.upload),
      schema: uploadDocs,
      // The session may come in a multipart field, read below before the file part: checked there.
      auth: 'public',
      handler: async ({ request, reply }) => {
        if (!request.isMultipart()) return fail(BusinessCode.BAD_REQUEST, messages.fileMissing);

        // No prototype: a part named __proto__ or constructor is just a field nobody reads.
        const fields: Record<string, string> = Object.create(null);
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
          return await store(app, request, reply, received, fields);
        } finally {
          await rm(received.path, { force: true });
        }
      },
    });
  });
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
  // The file exists before the first byte and is closed before any removal: removing it while a
  // lazily opened stream was still opening left it behind for good (seen under load).
  const file = await open(path, 'w');
  try {
    await pipeline(source, meter, file.createWriteStream());
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
  return { path, name: filename, size, sha256: hash.digest('hex') };
};

/** Checks a received file by content and keeps it (also the last step of the chunked upload, chunk-upload-route.ts). */
export const store = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
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
  try {
    await app.blobs.put(uuid, createReadStream(received.path));
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    // The object store put nothing under the key (a PUT is whole or nothing, a multipart upload is
    // aborted) and nothing is recorded: the user is told to try again later.
    request.log.error({ err: error, reason: error.reason }, 'upload not stored');
    return reply.status(503).send(fail(BusinessCode.UNAVAILABLE, messages.fileStoreUploadFailed));
  }
  // Public files are the site's (covers, product pictures): only vendor staff whose role holds files.write
  // publish them, and they belong to the vendor; everything else stays private to the uploader's school.
  const site = fields.visibility === 'public' ? await siteMembershipOf(app.db, auth.accountId) : null;
  const publisher = site?.permissions.includes('files.write') ? site : null;
  const visibility = publisher ? 'public' : 'private';
  try {
    await recordFile(app.db, {
      uuid,
      name,
      size: received.size,
      format: kind.format,
      contentType: kind.contentType,
      sha256: received.sha256,
      ...kind.pictureSize,
      ownerAccountId: auth.accountId,
      tenantId: publisher ? publisher.tenantId : auth.tenantId,
      visibility,
    });
  } catch (error) {
    // Bytes nobody can reach are removed when their row could not be written.
    await app.blobs.delete(uuid).catch(() => undefined);
    throw error;
  }
  const item: UploadedFile = { fileUuid: uuid, fileName: name, fileSize: received.size, format: kind.format };
  return { success: true, flag: 'SUCCESS', status: 200, data: [item], datas: [item] };
};
