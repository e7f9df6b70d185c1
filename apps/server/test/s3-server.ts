/**
 * A real S3-compatible server for tests (s3rver), on 127.0.0.1 and a free port, storing in a temporary
 * directory. Reusable by any test that needs the object store: file storage, backups sent to the bucket.
 *
 * s3rver checks the access key but not a Signature V4 (its own code says so), so a front check here
 * recomputes the AWS4-HMAC-SHA256 header signature as AWS documents it (written on its own, not with the
 * SDK's signer) and refuses a bad one with S3's SignatureDoesNotMatch. It can also be told to refuse
 * everything (AccessDenied) or to fail (503 ServiceUnavailable), and it records every object written.
 * One limit of s3rver on Node 20: a listing longer than one page (1000 keys, or MaxKeys) answers 500, as its
 * continuation token is enciphered with DES, which OpenSSL 3 no longer offers.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { AppConfig } from '../src/config';
import type { S3Config } from '../src/shared/platforms/s3-config';

export const S3_TEST_KEY_ID = 'S3RVER';
const S3_TEST_SECRET = 'S3RVER';

export type S3Failure = 'refuse' | 'unavailable' | null;

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** Settings pointing at this server (override any, e.g. a wrong secret). */
  config: (over?: Partial<S3Config>) => S3Config;
  /** startServer overrides that put an instance's files here. */
  overrides: (over?: Partial<S3Config>) => Pick<AppConfig, 'blobStore' | 's3'>;
  /** The same as environment variables, for a server or a command run as a process. */
  env: (over?: Partial<Record<string, string>>) => Record<string, string>;
  /** Keys of every object written so far (PUT, multipart upload, copy), in order. */
  writes: () => string[];
  /** Requests whose Signature V4 did not verify. */
  badSignatures: () => number;
  /** From now on refuse every request (403 AccessDenied) or fail it (503), or behave again (null). */
  failWith: (failure: S3Failure) => void;
  /** Behaves for `writes` more object writes, then fails as failWith would (a store going down mid-way). */
  failAfterWrites: (writes: number, failure: Exclude<S3Failure, null>) => void;
  close: () => Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface SignedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** True when the request's Authorization header is a valid AWS4-HMAC-SHA256 signature with `secret`. */
export const verifySigV4 = (req: SignedRequest, secret: string): boolean => {
  const auth = String(req.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return false;
  const [, , date = '', region = '', service = '', signedHeaders = '', signature = ''] = match;
  const [path = '/', query = ''] = req.url.split('?');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k = '', v = ''] = pair.split('=');
      return [rfc3986(decodeURIComponent(k)), rfc3986(decodeURIComponent(v.replace(/\+/g, '%20')))];
    })
    .sort(([a = '', x = ''], [b = '', y = '']) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = String(signedHeaders).split(';');
  const headerValue = (name: string) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value.join(',') : String(value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonical = [
    req.method,
    path, // S3 signs the path as sent, without normalising or encoding it again
    canonicalQuery,
    ...names.map((name) => `${name}:${headerValue(name)}`),
    '',
    signedHeaders,
    headerValue('x-amz-content-sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const amzDate = headerValue('x-amz-date');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  let key = hmac(`AWS4${secret}`, String(date));
  for (const part of [String(region), String(service), 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex') === signature;
};

/** The parts of s3rver's Koa application used here (its typings leave Koa out). */
interface KoaContext {
  status: number;
  type: string;
  body: unknown;
  req: SignedRequest;
  get: (name: string) => string;
}
interface S3rverApp {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  on: (event: 'event', listener: (event: S3Event) => void) => void;
}
interface S3Event {
  Records: { eventName: string; s3: { object: { key: string } } }[];
}

const s3Error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export const startS3Server = async (bucket = 'yuexun-test'): Promise<S3TestServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'yuexun-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const written: string[] = [];
  let badSignatures = 0;
  let failure: S3Failure = null;
  let pending: { at: number; failure: S3Failure } | null = null;
  // Before s3rver's own middleware (Koa composes them when the server starts listening).
  const app = server as unknown as S3rverApp;
  app.middleware.unshift(async (ctx, next) => {
    if (failure === 'refuse') {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = s3Error('AccessDenied', 'Access Denied');
      return;
    }
    if (failure === 'unavailable') {
      ctx.status = 503;
      ctx.type = 'application/xml';
      ctx.body = s3Error('ServiceUnavailable', 'Please reduce your request rate.');
      return;
    }
    if (ctx.get('authorization').startsWith('AWS4-HMAC-SHA256') && !verifySigV4(ctx.req, S3_TEST_SECRET)) {
      badSignatures += 1;
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = s3Error(
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
      return;
    }
    await next();
  });
  app.on('event', (event) => {
    for (const record of event.Records)
      if (record.eventName.startsWith('ObjectCreated'))
        written.push(decodeURIComponent(record.s3.object.key));
    if (pending && written.length >= pending.at) {
      failure = pending.failure;
      pending = null;
    }
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (over: Partial<S3Config> = {}): S3Config => ({
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: S3_TEST_KEY_ID,
    secretAccessKey: S3_TEST_SECRET,
    forcePathStyle: true,
    timeoutMs: 5000,
    ...over,
  });
  return {
    endpoint,
    bucket,
    config,
    overrides: (over) => ({ blobStore: 's3', s3: config(over) }),
    env: (over = {}) => ({
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_TEST_KEY_ID,
      S3_SECRET_ACCESS_KEY: S3_TEST_SECRET,
      S3_FORCE_PATH_STYLE: 'true',
      ...Object.fromEntries(Object.entries(over).filter((e): e is [string, string] => e[1] !== undefined)),
    }),
    writes: () => [...written],
    badSignatures: () => badSignatures,
    failWith: (next) => {
      failure = next;
      pending = null;
    },
    failAfterWrites: (count, next) => {
      pending = { at: written.length + count, failure: next };
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
};
