/**
 * The object-store driver (BLOB_STORE=s3): a file's bytes under files/<uuid> in the bucket, beside its
 * picture copies under variants/<uuid>/ (variant-store.ts), so every instance reads the same bytes.
 */
import type { ObjectStore } from '../shared/platforms/s3';
import type { BlobStore } from './blob-store-interface';

const SAFE_KEY = /^[0-9a-f-]{36}$/;

export const FILES_PREFIX = 'files/';

export const objectKeyOfFile = (key: string) => {
  // Keys are uuids made by the server, as on disk: nothing else names an object.
  if (!SAFE_KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  return `${FILES_PREFIX}${key}`;
};

export const s3BlobStore = (store: ObjectStore): BlobStore => ({
  put: (key, body) => store.put(objectKeyOfFile(key), body),
  get: (key) => store.get(objectKeyOfFile(key)),
  exists: async (key) => (await store.head(objectKeyOfFile(key))) !== null,
  delete: (key) => store.delete(objectKeyOfFile(key)),
});
