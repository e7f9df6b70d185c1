/**
 * Files other domains keep for someone without an account of theirs: a visitor's 招标文件 sent with a form
 * (leads/form-files.ts). Offered as `app.privateUploads` (a domain never imports another): the same content
 * check as the upload route (file-checks.ts: magic bytes, never the name), stored PRIVATE with no owner and no
 * school, so no /fs/ route serves them; the domain that keeps the reference decides who reads them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { file } from '../db/schema';
import { findFile, recordFile } from './file.service';
import {
  cleanFileName,
  contentDisposition,
  type DetectedFile,
  detectFileKind,
  kindOfFormat,
} from './file-checks';

export interface CheckedUpload {
  name: string;
  bytes: Uint8Array;
  kind: DetectedFile;
}

export interface PrivateUploads {
  /** The file's kind by its content, or null when it is not one of `formats`. */
  check(name: string, bytes: Uint8Array, formats: ReadonlySet<string>): Promise<CheckedUpload | null>;
  /** Stores a checked file; answers its id and cleaned name. */
  store(upload: CheckedUpload): Promise<{ fileUuid: string; name: string }>;
  /** Removes files nothing refers to after all (bytes and rows). */
  drop(uuids: readonly string[]): Promise<void>;
  /** The file as a download (attachment), or null when it is gone. */
  read(uuid: string): Promise<{
    body: Readable;
    size: number;
    contentType: string;
    disposition: string;
  } | null>;
}

export const privateUploads = (app: FastifyInstance): PrivateUploads => ({
  async check(name, bytes, formats) {
    // file-type reads a file on disk (as the upload route does): the bytes go there for the check only.
    const tempDir = join(app.config.dataDir, 'tmp');
    await mkdir(tempDir, { recursive: true });
    const path = join(tempDir, `${randomUUID()}.private-upload`);
    try {
      await writeFile(path, bytes);
      const kind = await detectFileKind(path, bytes.length, name);
      return kind && formats.has(kind.format) ? { name, bytes, kind } : null;
    } finally {
      await rm(path, { force: true });
    }
  },
  async store({ name, bytes, kind }) {
    const fileUuid = randomUUID();
    const clean = cleanFileName(name, kind.format);
    await app.blobs.put(fileUuid, ReadableStream.from([Buffer.from(bytes)]));
    try {
      await recordFile(app.db, {
        uuid: fileUuid,
        name: clean,
        size: bytes.length,
        format: kind.format,
        contentType: kind.contentType,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        ...kind.pictureSize,
        ownerAccountId: null,
        tenantId: null,
        visibility: 'private',
      });
    } catch (error) {
      await app.blobs.delete(fileUuid).catch(() => undefined);
      throw error;
    }
    return { fileUuid, name: clean };
  },
  async drop(uuids) {
    if (uuids.length === 0) return;
    await app.db.delete(file).where(inArray(file.uuid, [...uuids]));
    for (const uuid of uuids) await app.blobs.delete(uuid).catch(() => undefined);
  },
  async read(uuid) {
    const stored = await findFile(app.db, uuid);
    const body = stored ? await app.blobs.get(uuid) : null;
    if (!stored || !body) return null;
    return {
      body,
      size: stored.size,
      contentType: kindOfFormat(stored.format).contentType,
      disposition: contentDisposition('attachment', stored.name),
    };
  },
});
