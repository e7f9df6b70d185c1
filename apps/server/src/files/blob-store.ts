/**
 * Where file bytes live, behind a small interface so that an object store can replace the disk
 * (BLOB_STORE) without touching the file routes. Keys are file uuids.
 */
import type { AppConfig } from '../config';
import type { BlobStore } from './blob-store-interface';
import { diskBlobStore } from './disk-blob-store';

export type { BlobStore };

export const createBlobStore = (config: Pick<AppConfig, 'blobStore' | 'dataDir'>): BlobStore => {
  switch (config.blobStore) {
    case 'disk':
      return diskBlobStore(`${config.dataDir}/files`);
  }
};
