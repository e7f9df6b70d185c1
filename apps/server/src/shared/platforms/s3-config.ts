/**
 * The object store's settings (BLOB_STORE=s3), validated with the rest of the environment at start-up:
 * the names are the ones operators' scripts rely on (issue 28), and a missing or malformed one stops the
 * server with one line naming it, as every other setting does (config.ts).
 */
import { z } from 'zod';
import { envFlag, envInt } from '../env-fields';

export interface S3Config {
  /** Unset: AWS S3's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, local servers) instead of in the host name (AWS, Aliyun OSS, Tencent COS). */
  forcePathStyle: boolean;
  /** Longest wait for one answer (and for a silent connection) before the store counts as unreachable. */
  timeoutMs: number;
}

export const s3EnvSchema = {
  /** http(s) address of the S3 API: https://oss-cn-hangzhou.aliyuncs.com, https://cos.ap-guangzhou.myqcloud.com … */
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL such as https://oss-cn-hangzhou.aliyuncs.com',
    })
    .refine((v) => !URL.canParse(v) || (new URL(v).pathname === '/' && !new URL(v).search), {
      error: 'must be the address of the service alone, without a path (the bucket goes in S3_BUCKET)',
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, {
      error: 'must be a region id such as cn-hangzhou, ap-guangzhou or us-east-1',
    })
    .optional(),
  // S3's bucket naming rule; Tencent COS names end in -<APPID>, which it allows.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: envFlag.default(false),
  S3_TIMEOUT_MS: envInt(100, 600_000).default(10_000),
};

type S3Env = z.infer<z.ZodObject<typeof s3EnvSchema>>;

/** With BLOB_STORE=s3 these must be set; the first missing one is named. Without an endpoint, AWS needs the region. */
export const missingS3Settings = (e: S3Env): string[] => [
  ...(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]),
  ...(!e.S3_ENDPOINT && !e.S3_REGION ? ['S3_REGION'] : []),
];

export const s3ConfigOf = (e: S3Env): S3Config => ({
  endpoint: e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/$/, '') : null,
  // Most S3-compatible services ignore the region or accept any; us-east-1 is what their examples sign with.
  region: e.S3_REGION ?? 'us-east-1',
  bucket: e.S3_BUCKET ?? '',
  accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  forcePathStyle: e.S3_FORCE_PATH_STYLE,
  timeoutMs: e.S3_TIMEOUT_MS,
});
