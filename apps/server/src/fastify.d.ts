import type { ViewCounter } from './actions/news/view-counter';
import type { ReadCache } from './cache/read-cache';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Authorize } from './plugins/auth';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    secrets: { ipHash: string };
    viewCounter: ViewCounter;
    readCache: ReadCache;
    authorize: Authorize;
  }
}
