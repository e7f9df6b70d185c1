import type { ViewCounter } from './actions/news/view-counter';
import type { SessionPolicy } from './auth/session.service';
import type { ReadCache } from './cache/read-cache';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { BlobStore } from './files/blob-store';
import type { ImageVariants } from './files/image-variants';
import type { AccountsApi } from './plugins/accounts';
import type { AuthContext, Authorize } from './plugins/auth';
import type { SmsProvider } from './sms/sms-provider';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    secrets: { ipHash: string };
    viewCounter: ViewCounter;
    readCache: ReadCache;
    authorize: Authorize;
    sessionPolicy: SessionPolicy;
    accounts: AccountsApi;
    sms: SmsProvider;
    blobs: BlobStore;
    imageVariants: ImageVariants;
  }
  interface FastifyRequest {
    /** Set by app.authorize for non-public actions; null otherwise. */
    auth: AuthContext | null;
  }
}
