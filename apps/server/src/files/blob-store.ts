/**
 * Where file bytes live, behind a small interface so that an object store can replace the disk
 * (BLOB_STORE) without touching the file routes. Keys are file uuids.
 */
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';
import { diskBlobStore } from './disk-blob-store';

export interface BlobStore {
  /** Stores the stream's bytes under key, replacing any; resolves when durable. */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export const createBlobStore = (config: Pick<AppConfig, 'blobStore' | 'dataDir'>): BlobStore => {
  switch (config.blobStore) {
    case 'disk':
      return diskBlobStore(`${config.dataDir}/files`);
  }
};
