/**
 * Search-engine push over the outbox (docs/decisions/017, 028): after anything visitors see changes
 * (app.publicCaches.onInvalidate: every successful action that declares
 * `affectsSite`, the same declaration that empties the page cache) and every five minutes (scheduled
 * publications, a change made on another instance), the sitemap is compared with what was pushed last
 * and the changed addresses are queued per engine; the handlers send them and log each answer. A failed
 * or refused push is retried with the outbox's backoff and never holds up the save that caused it.
 * The IndexNow key file is answered at the site root ({BASE_PATH}{key}.txt). The five-minute job also
 * purges the push log past STATS_RETENTION_DAYS (search-push.service.ts purgePushLog).
 */
import { type PushEngine, searchPushKind } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { searchPushAttempt } from '../db/schema';
import { defineRoute } from '../http/route';
import { type OutboxJob, PermanentError } from '../shared/outbox';
import { purgePushLog } from './search-push.service';
import { type PushAnswer, pushToBaidu, pushToIndexNow } from './senders';
import { type PushTargets, type SitemapEntry, type SyncOutcome, syncSearchPush } from './sync';

export interface PushSettings {
  baiduSite: string;
  baiduToken: string;
  indexNowKey: string;
}

/** What the plugin reads from outside its domain, handed in by app.ts (the import rule, decision 023). */
export interface SearchPushSources {
  sitemap: (db: Db) => Promise<SitemapEntry[]>;
  settings: (db: Db) => Promise<PushSettings>;
}

export interface SearchPushApi {
  targets(): Promise<{ targets: PushTargets; keyUrl: string | null; settings: PushSettings }>;
  /** Compares the sitemap now (serialised per instance, locked across instances). */
  sync(): Promise<SyncOutcome>;
}

const SYNC_KIND = 'search.sync';
const SYNC_EVERY_MS = 5 * 60_000;
/** Saves come in bursts (a publish is a status change and a revision): one comparison after them. */
const DEBOUNCE_MS = 200;
const KEY_FILE = /^[A-Za-z0-9-]{8,128}$/;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export const searchPushPlugin = fp<SearchPushSources>(
  async (app: FastifyInstance, sources) => {
    const { config } = app;
    const base = config.basePath;

    const targets: SearchPushApi['targets'] = async () => {
      const settings = await sources.settings(app.db);
      const origin = config.publicOrigin ?? (settings.baiduSite ? originOf(settings.baiduSite) : null);
      const siteRoot = origin ? `${origin}${base}` : null;
      const engines: PushEngine[] = [];
      if (settings.baiduSite && settings.baiduToken) engines.push('baidu');
      if (settings.indexNowKey) engines.push('indexnow');
      const keyUrl = siteRoot && settings.indexNowKey ? `${siteRoot}${settings.indexNowKey}.txt` : null;
      return { targets: { siteRoot, engines }, keyUrl, settings };
    };

    let chain: Promise<unknown> = Promise.resolve();
    const sync = (): Promise<SyncOutcome> => {
      const run = () =>
        syncSearchPush(
          app.database,
          async () => ({ current: await sources.sitemap(app.db), targets: (await targets()).targets }),
          config.outbox.maxAttempts,
        );
      const next = chain.then(run, run);
      chain = next.catch(() => {});
      return next;
    };
    app.decorate('searchPush', { targets, sync } satisfies SearchPushApi);

    const logged = () =>
      sync().catch((err: unknown) => app.log.error({ err }, 'search push: sitemap comparison failed'));

    if (config.outbox.worker) {
      let timer: NodeJS.Timeout | null = null;
      app.publicCaches.onInvalidate(() => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          void logged();
        }, DEBOUNCE_MS);
        timer.unref();
      });
      app.addHook('onReady', async () => {
        void logged();
      });
      app.addHook('preClose', async () => {
        if (timer) clearTimeout(timer);
        await chain;
      });
    }
    app.outbox.registerHandler(SYNC_KIND, async (job) => {
      await sync();
      const before = new Date(Date.now() - config.stats.retentionDays * 24 * 3600_000);
      const purged = await purgePushLog(app.db, before);
      if (purged.attempts + purged.pushes > 0) job.log.info(purged, 'search push: old log purged');
    });
    app.outbox.schedule('search-push-sync', SYNC_KIND, SYNC_EVERY_MS);

    const record = async (job: OutboxJob, engine: PushEngine, urls: string[], answer: PushAnswer) => {
      await app.db.insert(searchPushAttempt).values({
        outboxId: job.id,
        engine,
        urlCount: urls.length,
        ok: answer.ok,
        httpStatus: answer.httpStatus,
        answer: answer.answer,
        accepted: answer.accepted,
        remain: answer.remain,
      });
      job.log.info(
        { engine, urls: urls.length, status: answer.httpStatus, ok: answer.ok },
        'search push answered',
      );
      if (!answer.ok) throw new Error(`${answer.httpStatus ?? '无应答'} ${answer.answer}`);
    };

    const urlsOf = (job: OutboxJob) => {
      const urls = job.payload.urls;
      if (!Array.isArray(urls) || urls.length === 0 || !urls.every((u) => typeof u === 'string'))
        throw new PermanentError('推送内容无效');
      return urls as string[];
    };

    const options = (job: OutboxJob) => ({ timeoutMs: config.searchPush.timeoutMs, signal: job.signal });

    app.outbox.registerHandler(searchPushKind('baidu'), async (job) => {
      const urls = urlsOf(job);
      const { settings } = await targets();
      if (!settings.baiduSite || !settings.baiduToken) throw new PermanentError('百度推送站点或密钥已清空');
      const answer = await pushToBaidu(
        config.searchPush.baiduUrl,
        settings.baiduSite,
        settings.baiduToken,
        urls,
        options(job),
      );
      await record(job, 'baidu', urls, answer);
    });

    app.outbox.registerHandler(searchPushKind('indexnow'), async (job) => {
      const urls = urlsOf(job);
      const { keyUrl, settings } = await targets();
      if (!settings.indexNowKey || !keyUrl) throw new PermanentError('IndexNow 密钥或网站地址已清空');
      const answer = await pushToIndexNow(
        config.searchPush.indexNowUrl,
        { host: new URL(keyUrl).hostname, key: settings.indexNowKey, keyLocation: keyUrl, urlList: urls },
        options(job),
      );
      await record(job, 'indexnow', urls, answer);
    });

    // The key file: IndexNow fetches it to check the submitter owns the host.
    defineRoute(app, {
      method: ['GET', 'HEAD'],
      url: `${base}:keyFile(^[A-Za-z0-9-]{8,128}).txt`,
      schema: { hide: true },
      handler: async ({ request, reply }) => {
        const { keyFile } = request.params as { keyFile: string };
        const key = (await sources.settings(app.db)).indexNowKey;
        reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8');
        if (!key || key !== keyFile || !KEY_FILE.test(key)) return reply.code(404).send('Not Found');
        return reply.send(key);
      },
    });
  },
  { name: 'search-push', dependencies: ['outbox', 'database', 'public-caches'] },
);
