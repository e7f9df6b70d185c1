/**
 * The media library's resumable upload (decision 066): a file comes as raw chunks under an upload id the client
 * chose for it, appended to a part file kept per account and id. A chunk at the offset the server holds is
 * written; any other is ignored and the answer says how much is held, so a client cut off mid-file asks (GET)
 * or simply sends again and continues from the last chunk received. The last chunk hands the whole file to the
 * upload's own content checks and storage (upload-route.ts `store`), then files it in its folder.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BusinessCode,
  FILE_CHUNK_BYTES,
  type FileChunkAnswer,
  fail,
  fileChunkUpload,
  libraryMessages,
  messages,
  ok,
  type UploadedFile,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import { placeInFolder, requireFolder } from './file-library.service';
import { readableSize, store } from './upload-route';

/** A part nobody finished within a day is abandoned; removed when the next upload starts. */
const ABANDONED_MS = 24 * 3600_000;

interface PartFacts {
  size: number;
  name: string;
}

const sizeOf = (path: string) =>
  stat(path).then(
    (s) => s.size,
    () => 0,
  );

const sha256Of = async (path: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const removeAbandoned = async (dir: string) => {
  const names = await readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - ABANDONED_MS;
  for (const name of names) {
    const path = join(dir, name);
    const at = await stat(path).then(
      (s) => s.mtimeMs,
      () => Number.POSITIVE_INFINITY,
    );
    if (at < cutoff) await rm(path, { force: true });
  }
};

export const registerChunkUploadRoute = async (app: FastifyInstance) => {
  const maxBytes = app.config.uploadMaxBytes;
  const dir = join(app.config.dataDir, 'tmp', 'chunks');
  // One chunk of an upload at a time: a retry racing its own slow original must not append twice.
  const inFlight = new Map<string, Promise<unknown>>();
  const oneAtATime = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const before = inFlight.get(key) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => undefined);
    inFlight.set(key, settled);
    try {
      return await mine;
    } finally {
      if (inFlight.get(key) === settled) inFlight.delete(key);
    }
  };

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: FILE_CHUNK_BYTES },
      (_request, body, done) => done(null, body),
    );
    defineRoute(scope, {
      method: ['GET', 'POST'],
      url: fileChunkUpload.path,
      auth: fileChunkUpload,
      query: fileChunkUpload.input,
      bodyLimit: FILE_CHUNK_BYTES,
      schema: {
        summary: '分片上传（可续传）：POST 原始字节（application/octet-stream）；GET 查询已收到的字节数',
        tags: ['fs'],
      },
      handler: async ({ request, reply, query }) => {
        const auth = request.auth;
        if (!auth) return fail(BusinessCode.NOT_LOGGED_IN);
        const key = `${auth.accountId}-${query.uploadId}`;
        const part = join(dir, `${key}.part`);
        const factsPath = join(dir, `${key}.json`);
        if (request.method === 'GET') return ok<FileChunkAnswer>([{ received: await sizeOf(part) }]);

        const { offset, size, name, folderId } = query;
        if (offset === undefined || size === undefined || name === undefined)
          return fail(BusinessCode.BAD_REQUEST, libraryMessages.chunkFieldsMissing);
        if (size > maxBytes)
          return reply
            .status(413)
            .send(fail(BusinessCode.PAYLOAD_TOO_LARGE, messages.fileTooLarge(readableSize(maxBytes))));
        const body = request.body ?? Buffer.alloc(0);
        if (!Buffer.isBuffer(body)) return fail(BusinessCode.BAD_REQUEST, messages.badBody);
        if (offset + body.length > size)
          return fail(BusinessCode.BAD_REQUEST, libraryMessages.chunkBeyondSize);
        if (folderId !== undefined) await requireFolder(app.db, auth.tenantId, folderId);

        return oneAtATime(key, async () => {
          await mkdir(dir, { recursive: true });
          let held = await sizeOf(part);
          if (held === 0) {
            await removeAbandoned(dir);
            await writeFile(factsPath, JSON.stringify({ size, name } satisfies PartFacts));
          } else {
            const facts = JSON.parse(
              await readFile(factsPath, 'utf8').catch(() => '{}'),
            ) as Partial<PartFacts>;
            if (facts.size !== size) {
              await Promise.all([rm(part, { force: true }), rm(factsPath, { force: true })]);
              return fail(BusinessCode.BAD_REQUEST, libraryMessages.chunkSizeChanged);
            }
          }
          if (offset !== held || body.length === 0) return ok<FileChunkAnswer>([{ received: held }]);
          await appendFile(part, body);
          held += body.length;
          if (held < size) return ok<FileChunkAnswer>([{ received: held }]);

          try {
            const received = { path: part, name, size, sha256: await sha256Of(part) };
            const answer = await store(app, request, reply, received, { visibility: 'public' });
            if (!answer.success) return answer;
            const file = answer.datas[0] as UploadedFile;
            if (folderId !== undefined) await placeInFolder(app.db, file.fileUuid, folderId);
            return ok<FileChunkAnswer>([{ received: held, file }]);
          } finally {
            await Promise.all([rm(part, { force: true }), rm(factsPath, { force: true })]);
          }
        });
      },
    });
  });
};
