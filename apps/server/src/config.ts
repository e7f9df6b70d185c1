/**
 * Configuration from the environment, validated once at start-up. A bad value stops the server
 * with one line naming the variable (see main.ts).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { DatabaseTarget } from './db/client';
import { databaseEnvSchema, databaseTargetOf } from './db/database-config';
import { DEFAULT_PASSWORD_HASH_COST } from './shared/auth/password';
import { envFlag as bool, envHttpUrl, envInt as int } from './shared/env-fields';
import type { SmtpSettings } from './shared/mail';
import { mailConfigOf, mailEnvSchema } from './shared/mail-config';
import { type PlatformUrls, platformEnvSchema, platformUrlsOf } from './shared/platforms/platform-env';
import { missingS3Settings, type S3Config, s3ConfigOf, s3EnvSchema } from './shared/platforms/s3-config';
import { missingSmsSettings, type SmsConfig, smsConfigOf, smsEnvSchema } from './shared/sms/sms-config';
import { type StatsConfig, statsConfigOf, statsEnvSchema } from './stats/stats-config';

export { SMS_PROVIDERS, type SmsConfig } from './shared/sms/sms-config';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const envSchema = z
  .object({
    PORT: int(0, 65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    BASE_PATH: z
      .string()
      .transform((v) => `/${v.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/'))
      .refine((v) => /^\/([A-Za-z0-9._~-]+\/)*$/.test(v), {
        error: 'must be a path such as / or /portal/ (letters, digits, . _ ~ -)',
      })
      .default('/'),
    ...databaseEnvSchema,
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    /** Public address of the site, e.g. https://www.example.edu.cn; used for canonical links and origin checks. */
    PUBLIC_ORIGIN: z
      .string()
      .regex(/^https?:\/\/[^/\s]+$/, { error: 'must be an origin such as https://www.example.com (no path)' })
      .optional(),
    /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
    TRUST_PROXY: bool.default(false),
    /** Seed the Chinese demo content on first start. */
    SEED_DEMO: bool.default(true),
    SHUTDOWN_TIMEOUT_MS: int(100, 600_000).default(10_000),
    /** Sales leads one client address may submit per hour (schools behind one NAT share an address). */
    LEAD_LIMIT_PER_HOUR: int(1, 1_000_000).default(30),
    /** ICP filing number shown in the site footer, linked to the MIIT filing site (e.g. 浙ICP备12345678号-1). */
    ICP_NUMBER: z.string().max(60).optional(),
    /** How long public reads (articles, products) may be served from memory; 0 turns the cache off. */
    PUBLIC_CACHE_TTL_MS: int(0, 300_000).default(5000),
    /** Memory for rendered anonymous pages (HTML, gzip, brotli); the least recently used go first; 0 turns it off. */
    PAGE_CACHE_MAX_BYTES: int(0, 4 * 1024 * 1024 * 1024).default(64 * 1024 * 1024),
    /** Site pages rendered at once; more wait their turn, so a crawler's misses do not hold up pages served from memory. */
    SITE_RENDER_CONCURRENCY: int(1, 1000).default(4),
    /** Password of the seeded admin account; generated and logged once when unset. */
    ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
    /** Password of the seeded demo account `user` and the demo school admins; generated and logged once when unset. */
    USER_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
    /**
     * scrypt cost (log2 N) of new password hashes: 14 (16 MiB, tens of milliseconds). Test suites lower it;
     * existing hashes keep their own cost.
     */
    PASSWORD_HASH_COST: int(10, 20).default(DEFAULT_PASSWORD_HASH_COST),
    ...smsEnvSchema,
    ...mailEnvSchema,
    /** Minutes of inactivity after which a session expires (402). */
    SESSION_IDLE_MINUTES: int(1, 60 * 24 * 30).default(120),
    /** Days after login after which a session expires however active it is. */
    SESSION_MAX_DAYS: int(1, 365).default(7),
    /** Largest accepted upload in bytes (HTTP 413 above). */
    UPLOAD_MAX_BYTES: int(1, 2 * 1024 * 1024 * 1024).default(20 * 1024 * 1024),
    /** Where uploaded files and their picture copies live: `disk` (DATA_DIR) or `s3` (the S3_* settings). */
    BLOB_STORE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
    ...s3EnvSchema,
    /** Encrypts backups (AES-256-GCM, key from scrypt) and decrypts them at restore; unset: archives are not encrypted. */
    BACKUP_PASSPHRASE: z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
    /** Where the scheduled backups and 立即备份 write their archives (default DATA_DIR/backups). */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Where those archives go: `dir` (BACKUP_DIR) or `s3` (the bucket of the S3_* settings, under backups/). */
    BACKUP_STORE: z.enum(['dir', 's3'], { error: 'must be dir or s3' }).default('dir'),
    /** Failed logins of one account before it is locked (1 minute, doubling with every further lock). */
    LOGIN_FAILURES_PER_ACCOUNT: int(1, 1000).default(5),
    /** Failed logins from one client address per 15 minutes before it is locked for the rest of the window. */
    LOGIN_FAILURES_PER_IP: int(1, 100_000).default(20),
    /** Run the outbox worker in this instance (alerts, reminders, scheduled jobs). */
    OUTBOX_WORKER: bool.default(true),
    /** How often the worker looks for due messages when no NOTIFY woke it. */
    OUTBOX_POLL_MS: int(50, 600_000).default(1000),
    /** Wait before the first retry; doubled for every further one, up to OUTBOX_RETRY_MAX_MS. */
    OUTBOX_RETRY_BASE_MS: int(10, 3_600_000).default(5000),
    OUTBOX_RETRY_MAX_MS: int(10, 86_400_000).default(3_600_000),
    /** Attempts before an alert is marked failed. */
    OUTBOX_MAX_ATTEMPTS: int(1, 100).default(8),
    /** How long a claimed message belongs to the instance sending it; after that another may send it. */
    OUTBOX_LEASE_MS: int(2000, 3_600_000).default(120_000),
    /** Alert webhooks and SMTP hosts may be loopback/private addresses and plain http (tests, intranet relays). */
    ALERT_ALLOW_PRIVATE_HOSTS: bool.default(false),
    /** How long one alert send (HTTP request or SMTP conversation) may take before it counts as failed. */
    ALERT_TIMEOUT_MS: int(100, 60_000).default(10_000),
    /**
     * Key that signs article preview links (HMAC-SHA256). Unset: a random key per start, so links die at a
     * restart; several instances must share one (at least 32 characters).
     */
    PREVIEW_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** Switches GET /metrics on, behind `Authorization: Bearer <token>` (decision 042); unset: no /metrics. */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, { error: 'must be 16 to 200 printable characters without spaces' })
      .optional(),
    ...statsEnvSchema,
    ...platformEnvSchema,
    /** Baidu's 普通收录 API (site and token come from 站点设置); tests point it at a local stand-in. */
    SEARCH_PUSH_BAIDU_URL: envHttpUrl().default('http://data.zz.baidu.com/urls'),
    /** Baidu oCPC's conversion upload (uploadConvertData); tests point it at a local stand-in. */
    BAIDU_OCPC_URL: envHttpUrl().default('https://ocpc.baidu.com/ocpcapi/api/uploadConvertData'),
    /** AI 助手: longest wait for the chat API's first answer byte, and between two pieces of a streamed answer. */
    AI_TIMEOUT_MS: int(100, 300_000).default(30_000),
    /** The IndexNow endpoint (Bing, Yandex, Seznam … share submissions). */
    SEARCH_PUSH_INDEXNOW_URL: envHttpUrl().default('https://api.indexnow.org/indexnow'),
    /** Longest wait for one push answer before it counts as failed and is retried. */
    SEARCH_PUSH_TIMEOUT_MS: int(100, 60_000).default(10_000),
    /**
     * Outside hosts a console redirect rule may point at (comma separated, e.g. old.example.com); the
     * host of PUBLIC_ORIGIN is always allowed. Unset: rules point at this site only.
     */
    REDIRECT_ALLOWED_HOSTS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.every((h) => /^[a-z0-9.-]+(:\d+)?$/.test(h)), {
        error: 'must be host names separated by commas, e.g. old.example.com,www.example.org',
      })
      .optional(),
  })
  .superRefine((e, ctx) => {
    // Backups to the bucket need the same S3_* settings as files in it; one line per missing name.
    const usesS3 = [e.BLOB_STORE === 's3' && 'BLOB_STORE', e.BACKUP_STORE === 's3' && 'BACKUP_STORE'];
    const by = usesS3.filter(Boolean).join(' or ');
    if (by) {
      for (const name of missingS3Settings(e))
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${by} is s3` });
    }
    for (const name of missingSmsSettings(e))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when SMS_PROVIDER is ${e.SMS_PROVIDER}`,
      });
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  host: string;
  port: number;
  basePath: string;
  dataDir: string;
  database: DatabaseTarget;
  logLevel: (typeof LOG_LEVELS)[number];
  publicOrigin: string | null;
  trustProxy: boolean;
  seedDemo: boolean;
  shutdownTimeoutMs: number;
  leadLimitPerHour: number;
  icpNumber: string | null;
  publicCacheTtlMs: number;
  pageCacheMaxBytes: number;
  siteRenderConcurrency: number;
  adminPassword: string | null;
  userPassword: string | null;
  /** scrypt cost (log2 N) of new password hashes. */
  passwordHashCost: number;
  sms: SmsConfig;
  /** The server's own mail; null writes what would be sent to the log. */
  mail: SmtpSettings | null;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  uploadMaxBytes: number;
  blobStore: 'disk' | 's3';
  /** The object store's settings when blobStore is s3. */
  s3: S3Config | null;
  /** Backups (docs/decisions/045): the passphrase (null: not encrypted) and the directory of the console's archives. */
  /** store `s3`: archives go to the bucket of `s3` under backups/ instead of `dir`. */
  backup: { passphrase: string | null; dir: string; store: 'dir' | 's3' };
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  outbox: {
    worker: boolean;
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
    leaseMs: number;
  };
  alerts: { allowPrivateHosts: boolean; timeoutMs: number };
  stats: StatsConfig;
  /** 企业微信, 钉钉 and 飞书's addresses (scan login, the directory job). */
  platforms: PlatformUrls;
  searchPush: { baiduUrl: string; indexNowUrl: string; timeoutMs: number };
  adConversions: { baiduUrl: string };
  ai: { idleMs: number };
  previewSecret: string;
  /** Outside hosts redirect rules may point at (lower case, with a port when given). */
  redirectAllowedHosts: string[];
  /** The bearer token of GET /metrics; null: no /metrics. */
  metricsToken: string | null;
}

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError with one line naming the first bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  // Empty variables count as unset, as most deploy tools write them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // A secret is never echoed into a log, even a wrong one.
    const value = /PASSWORD|PASSPHRASE|SECRET/.test(name) ? undefined : present[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${value === undefined ? '' : ` (got "${value}")`}`,
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    host: e.HOST,
    port: e.PORT,
    basePath: e.BASE_PATH,
    dataDir,
    database: databaseTargetOf(e, dataDir),
    logLevel: e.LOG_LEVEL,
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    leadLimitPerHour: e.LEAD_LIMIT_PER_HOUR,
    icpNumber: e.ICP_NUMBER ?? null,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    pageCacheMaxBytes: e.PAGE_CACHE_MAX_BYTES,
    siteRenderConcurrency: e.SITE_RENDER_CONCURRENCY,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    userPassword: e.USER_PASSWORD ?? null,
    passwordHashCost: e.PASSWORD_HASH_COST,
    sms: smsConfigOf(e),
    mail: mailConfigOf(e),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    blobStore: e.BLOB_STORE,
    s3: e.BLOB_STORE === 's3' || e.BACKUP_STORE === 's3' ? s3ConfigOf(e) : null,
    backup: {
      passphrase: e.BACKUP_PASSPHRASE ?? null,
      dir: resolve(e.BACKUP_DIR ?? resolve(dataDir, 'backups')),
      store: e.BACKUP_STORE,
    },
    loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
    loginFailuresPerIp: e.LOGIN_FAILURES_PER_IP,
    outbox: {
      worker: e.OUTBOX_WORKER,
      pollMs: e.OUTBOX_POLL_MS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: e.OUTBOX_RETRY_MAX_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      leaseMs: e.OUTBOX_LEASE_MS,
    },
    alerts: { allowPrivateHosts: e.ALERT_ALLOW_PRIVATE_HOSTS, timeoutMs: e.ALERT_TIMEOUT_MS },
    stats: statsConfigOf(e),
    platforms: platformUrlsOf(e),
    searchPush: {
      baiduUrl: e.SEARCH_PUSH_BAIDU_URL,
      indexNowUrl: e.SEARCH_PUSH_INDEXNOW_URL,
      timeoutMs: e.SEARCH_PUSH_TIMEOUT_MS,
    },
    adConversions: { baiduUrl: e.BAIDU_OCPC_URL },
    ai: { idleMs: e.AI_TIMEOUT_MS },
    previewSecret: e.PREVIEW_SECRET ?? randomBytes(32).toString('base64url'),
    redirectAllowedHosts: e.REDIRECT_ALLOWED_HOSTS ?? [],
    metricsToken: e.METRICS_TOKEN ?? null,
  };
};
