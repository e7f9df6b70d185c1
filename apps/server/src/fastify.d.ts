import type { AccountsApi } from './accounts/accounts-plugin';
import type { AdConversionsApi } from './ad-conversions/ad-conversions-plugin';
import type { AiHelpApi } from './ai-help/ai-help-plugin';
import type { AlertsApi } from './alerts/alerts-plugin';
import type { ViewCounter } from './articles/view-counter';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { BlobStore } from './files/blob-store';
import type { ImageVariants } from './files/image-variants';
import type { PrivateUploads } from './files/private-uploads';
import type { AuthContext, Authorize } from './http/auth-plugin';
import type { RedirectsApi } from './redirects/redirects-plugin';
import type { SearchPushApi } from './search-push/search-push-plugin';
import type { SessionPolicy } from './shared/auth/session.service';
import type { PublicCaches } from './shared/caches/public-caches';
import type { ReadCache } from './shared/caches/read-cache';
import type { Metrics } from './shared/metrics/metrics';
import type { OutboxWorker } from './shared/outbox/worker';
import type { SmsProvider } from './shared/sms/sms-provider';
import type { LeaversApi } from './staff/leavers';
import type { StatsRuntime } from './stats/stats-runtime';
import type { WecomContactApi } from './wecom-contact/wecom-contact-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    secrets: { ipHash: string };
    viewCounter: ViewCounter;
    readCache: ReadCache;
    publicCaches: PublicCaches;
    authorize: Authorize;
    sessionPolicy: SessionPolicy;
    accounts: AccountsApi;
    sms: SmsProvider;
    blobs: BlobStore;
    imageVariants: ImageVariants;
    privateUploads: PrivateUploads;
    outbox: OutboxWorker;
    alerts: AlertsApi;
    adConversions: AdConversionsApi;
    wecomContact: WecomContactApi;
    aiHelp: AiHelpApi;
    stats: StatsRuntime;
    redirects: RedirectsApi;
    searchPush: SearchPushApi;
    metrics: Metrics;
    leavers: LeaversApi;
  }
  interface FastifyContextConfig {
    /** The site's page route: its answers are counted as page views (actions/stats). */
    pageView?: boolean;
    /** An API action's JSON answer: the short security header set for data, not a document's (security-headers-plugin). */
    jsonApi?: boolean;
  }
  interface FastifyRequest {
    /** Set by app.authorize for non-public actions; null otherwise. */
    auth: AuthContext | null;
  }
}
