/**
 * The one S3 client (decision 044): AWS's own SDK, which Aliyun OSS, Tencent COS and MinIO document for their
 * S3 API. Loaded only when BLOB_STORE=s3, so a disk install pays nothing for it. Every call has a timeout, and
 * every failure that is the store's (unreachable, refusing, wrong bucket or keys) becomes a
 * StoreUnavailableError whose reason names the setting to look at.
 */
import type { Readable } from 'node:stream';
import { StoreUnavailableError } from '../errors';
import type { S3Config } from './s3-config';

/** Objects by key in one bucket; the keys' first segment says what they are (files/, variants/, backups/ …). */
export interface ObjectStore {
  /** Stores the bytes under key, replacing any; an object appears whole or not at all. */
  put(key: string, body: Readable | Buffer, contentType?: string): Promise<void>;
  /** The object's bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  /** The object's bytes, or null when the key holds nothing (small objects: picture variants). */
  read(key: string): Promise<Buffer | null>;
  head(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Every key under prefix. */
  list(prefix: string): Promise<string[]>;
  /** Null when the bucket lists with these keys; otherwise one line naming the setting at fault. */
  probe(): Promise<string | null>;
  close(): void;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** Which setting an S3 failure points at, for the log line an operator reads. */
export const describeS3Failure = (error: unknown, bucket: string): string | null => {
  const e = (error ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? '';
  if (NETWORK_CODES.has(e.code ?? '') || name === 'TimeoutError' || name === 'RequestTimeout')
    return `S3_ENDPOINT cannot be reached (${e.code ?? name})`;
  if (!e.$metadata) return null;
  if (name === 'InvalidAccessKeyId') return 'S3_ACCESS_KEY_ID is not known to the store';
  if (name === 'SignatureDoesNotMatch') return 'S3_SECRET_ACCESS_KEY does not match S3_ACCESS_KEY_ID';
  if (name === 'NoSuchBucket' || (status === 404 && name === 'NotFound'))
    return `S3_BUCKET "${bucket}" does not exist at this endpoint`;
  if (name === 'AuthorizationHeaderMalformed' || name === 'PermanentRedirect' || status === 301)
    return 'S3_REGION (or S3_ENDPOINT) is not where the bucket is';
  if (name === 'AccessDenied' || status === 403)
    return `S3_ACCESS_KEY_ID may not use bucket "${bucket}" (access denied)`;
  return `the object store answered ${status ?? '?'} ${name}`.trim();
};

const missing = (error: unknown) => {
  const e = error as SdkError;
  return e?.name === 'NoSuchKey' || (e?.name === 'NotFound' && e.$metadata?.httpStatusCode === 404);
};

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Larger uploads go in parts of this size, so memory stays bounded however big the file. */
const PART_SIZE = 8 * 1024 * 1024;

export const openS3Store = async (config: S3Config): Promise<ObjectStore> => {
  // The SDK warns on every start that its releases after January 2027 need Node 22; decision 044 records
  // that, and an operator on Node 20 cannot act on it today.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const s3 = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new s3.S3Client({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: the default CRC32 trailers use aws-chunked uploads, which
    // Aliyun OSS and other S3-compatible stores refuse (OSS documents chunked encoding as unsupported).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs },
  });
  const Bucket = config.bucket;

  /** Runs one call; the store's own failures become StoreUnavailableError, anything else is rethrown. */
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const reason = describeS3Failure(error, Bucket);
      if (reason === null) throw error;
      throw new StoreUnavailableError(`object store ${what} failed: ${reason}`, { cause: error });
    }
  };

  const get = (key: string) =>
    call('read', async () => {
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    });

  return {
    put: (key, body, contentType) =>
      call('write', async () => {
        if (Buffer.isBuffer(body)) {
          await client.send(
            new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
          );
          return;
        }
        // One PUT when the stream fits in a part, a multipart upload (aborted on failure) when larger.
        await new Upload({
          client,
          params: { Bucket, Key: key, Body: body, ContentType: contentType },
          partSize: PART_SIZE,
          queueSize: 1,
          leavePartsOnError: false,
        }).done();
      }),
    get,
    read: async (key) => {
      const body = await get(key);
      return body ? call('read', () => readAll(body)) : null;
    },
    head: (key) =>
      call('read', async () => {
        try {
          const answer = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
          return { size: answer.ContentLength ?? 0 };
        } catch (error) {
          if (missing(error)) return null;
          throw error;
        }
      }),
    delete: (key) =>
      call('delete', async () => {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
      }),
    list: (prefix) =>
      call('list', async () => {
        const keys: string[] = [];
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(
            new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
          );
          for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return keys;
      }),
    probe: async () => {
      try {
        // A listing, not HeadBucket: a HEAD answer has no body, so a wrong secret and a key without access
        // would both be a bare 403; the listing's error code tells them apart (and listing is needed anyway).
        // Under a prefix that holds nothing, so the answer is never a truncated page.
        await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: 'probe/', MaxKeys: 1 }));
        return null;
      } catch (error) {
        return describeS3Failure(error, Bucket) ?? String(error);
      }
    },
    close: () => client.destroy(),
  };
};
