/** What any store of file bytes offers; the disk store and an object store implement it. */
import type { Readable } from 'node:stream';
export interface BlobStore {
  /** Stores the stream's bytes under key, replacing any; resolves when durable. */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}
