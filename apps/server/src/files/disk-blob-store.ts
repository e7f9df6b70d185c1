/**
 * The disk driver: DATA_DIR/files/ab/cd/<uuid>, two levels of directories from the uuid so that
 * no directory grows past a few thousand entries. Writes go to a temporary name and are renamed,
 * so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store-interface';

const SAFE_KEY = /^[0-9a-f-]{36}$/;

export const diskBlobStore = (root: string): BlobStore => {
  const pathOf = (key: string) => {
    // Keys are uuids made by the server; anything else must never reach the file system.
    if (!SAFE_KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
    return join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  const exists = async (key: string) => {
    try {
      return (await stat(pathOf(key))).isFile();
    } catch {
      return false;
    }
  };
  return {
    put: async (key, body) => {
      const target = pathOf(key);
      await mkdir(join(target, '..'), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await pipeline(body, createWriteStream(temp));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    get: async (key) => ((await exists(key)) ? createReadStream(pathOf(key)) : null),
    exists,
    delete: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
};
