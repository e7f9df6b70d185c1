/**
 * Where file bytes live, behind a small interface so that an object store can replace the disk
 * (BLOB_STORE) without touching the file routes. Keys are file uuids. Picture copies are kept in the
 * same place as the originals (variant-store.ts).
 */
import type { AppConfig } from '../config';
import { type ObjectStore, openS3Store } from '../shared/platforms/s3';
import type { BlobStore } from './blob-store-interface';
import { diskBlobStore } from './disk-blob-store';
import { s3BlobStore } from './s3-blob-store';
import { diskVariantStore, objectVariantStore, type VariantStore } from './variant-store';

export type { BlobStore };

export interface FileStores {
  blobs: BlobStore;
  variants: VariantStore;
  /** The bucket itself with BLOB_STORE=s3 (null on disk). */
  objectStore: ObjectStore | null;
}

export const openFileStores = async (
  config: Pick<AppConfig, 'blobStore' | 'dataDir' | 's3'>,
): Promise<FileStores> => {
  if (config.blobStore === 's3' && config.s3) {
    const objectStore = await openS3Store(config.s3);
    return { blobs: s3BlobStore(objectStore), variants: objectVariantStore(objectStore), objectStore };
  }
  return {
    blobs: diskBlobStore(`${config.dataDir}/files`),
    variants: diskVariantStore(config.dataDir),
    objectStore: null,
  };
};
