/**
 * Where drawn picture copies are kept (image-variants.ts): beside the originals, in the same store. On
 * disk that is DATA_DIR/cache/images/<uuid>/<w>.<fmt> (one instance, safe to delete); in the object store
 * variants/<uuid>/<w>.<fmt>, drawn once by whichever instance is asked first and read by all the others.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ObjectStore } from '../shared/platforms/s3';

export interface VariantStore {
  /** The copy's bytes, or null when it was never drawn. */
  read(uuid: string, name: string): Promise<Buffer | null>;
  write(uuid: string, name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes every copy of the file (the file was deleted). */
  forget(uuid: string): Promise<void>;
}

const SAFE_UUID = /^[0-9a-f-]{36}$/;
const SAFE_NAME = /^[a-z0-9-]+\.[a-z0-9]+$/;

const checked = (uuid: string, name = 'x.x') => {
  const lower = uuid.toLowerCase();
  if (!SAFE_UUID.test(lower) || !SAFE_NAME.test(name)) throw new Error(`invalid variant ${uuid}/${name}`);
  return lower;
};

export const diskVariantStore = (dataDir: string): VariantStore => {
  const root = join(dataDir, 'cache', 'images');
  return {
    read: (uuid, name) => readFile(join(root, checked(uuid, name), name)).catch(() => null),
    write: async (uuid, name, bytes) => {
      const path = join(root, checked(uuid, name), name);
      await mkdir(join(path, '..'), { recursive: true });
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    forget: (uuid) => rm(join(root, checked(uuid)), { recursive: true, force: true }),
  };
};

export const VARIANTS_PREFIX = 'variants/';

export const objectVariantStore = (store: ObjectStore): VariantStore => ({
  read: (uuid, name) => store.read(`${VARIANTS_PREFIX}${checked(uuid, name)}/${name}`),
  write: (uuid, name, bytes, contentType) =>
    store.put(`${VARIANTS_PREFIX}${checked(uuid, name)}/${name}`, bytes, contentType),
  forget: async (uuid) => {
    // One DELETE per copy: DeleteObjects needs a Content-MD5 that several S3-compatible stores insist on
    // and the SDK no longer sends, and a picture has a handful of copies at most.
    for (const key of await store.list(`${VARIANTS_PREFIX}${checked(uuid)}/`)) await store.delete(key);
  },
});
