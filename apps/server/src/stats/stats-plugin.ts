/**
 * Counting: every site page the server answers is counted when its response finishes (onRequest sets
 * a listener, so a page served from any cache is counted too and rendering never waits), and the
 * site's beacons (beacon-routes.ts) confirm them. Crawlers go to the spider log with the status they got.
 * Register before the site, so the hook runs ahead of anything that answers a page early.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STATS_BEACONS_DROPPED } from '../shared/metrics/metrics';
import { sitePathOf } from '../shared/site-path';
import { registerBeacons, splitUrl } from './beacon-routes';
import { agentOf, cleanPath, dayOf, referrerOf, utmOfQuery } from './classify';
import { DemoStatistics } from './demo';
import { FormViews } from './form-views';
import { StatsRecorder } from './recorder';
import { dnsResolver, SpiderVerifier } from './spider-dns';
import { StatsRuntime } from './stats-runtime';
import { VisitPages } from './visit-pages';
import { VisitorHasher } from './visitor';

/** Route config flag of the site's page route: its answers are page views. */
export const PAGE_VIEW = { pageView: true } as const;

const COUNTED_STATUSES = new Set([200, 304, 404]);

const isPrefetch = (request: FastifyRequest) =>
  /prefetch|prerender/i.test(String(request.headers['sec-purpose'] ?? request.headers.purpose ?? ''));

export interface StatsOptions {
  /** Leads that return-visit pages joined (the leads domain rescores them; decision 057). */
  onVisitsJoined?: (leadIds: number[]) => Promise<void>;
}

export const registerStats = async (app: FastifyInstance, options: StatsOptions = {}) => {
  const { config } = app;
  const base = config.basePath;
  const hasher = new VisitorHasher(app.db, app.log);
  const demo = new DemoStatistics(app.db);
  const recorder = new StatsRecorder(
    app.db,
    hasher,
    new SpiderVerifier(config.stats.verifySpiders, dnsResolver(config.stats.dnsServers)),
    app.log,
    demo,
  );
  // Beacons that added nothing, by reason, read from the recorder at scrape time (GET /metrics).
  app.metrics.exposeCounter(
    STATS_BEACONS_DROPPED,
    'Statistics beacons that added nothing, by reason',
    () => recorder.beaconDrops,
    'reason',
  );
  const visits = new VisitPages(app.db, app.log, options.onVisitsJoined);
  const forms = new FormViews(app.db, app.log);
  const runtime = new StatsRuntime(
    app.db,
    recorder,
    hasher,
    app.log,
    demo,
    visits,
    forms,
    config.stats.enabled,
  );
  app.decorate('stats', runtime);
  const publicHost = config.publicOrigin ? new URL(config.publicOrigin).hostname : '';
  /** A referrer from the site itself is no source. */
  const sourceOf = (referrer: string | undefined, hostname: string) =>
    referrerOf(referrer, publicHost ? [hostname, publicHost] : [hostname]);

  if (config.stats.enabled) {
    // Today's shared salt before the first page: visitor hashes are computed as pages are served.
    await hasher.load(dayOf(new Date()));
    runtime.start();
    app.addHook('onClose', () => runtime.stop());
    // The page-serving path: a few string operations and memo lookups here, then (when the response
    // has finished) the visitor hash and a few counter increments in memory; the database is written
    // at the next flush (recorder.ts), never awaited here.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || !request.routeOptions.config.pageView) return done();
      const { path, query } = splitUrl(request.url);
      const sitePath = sitePathOf(path, base);
      const userAgent = String(request.headers['user-agent'] ?? '');
      const agent = agentOf(userAgent);
      if (sitePath === null || (!agent.spider && isPrefetch(request))) return done();
      const res = reply.raw;
      res.once('finish', () => {
        if (agent.spider)
          return recorder.spider(agent.spider, cleanPath(sitePath), res.statusCode, request.ip);
        if (!COUNTED_STATUSES.has(res.statusCode)) return;
        // Fastify hands its headers to writeHead in one object, which getHeader on the raw response may
        // not see; a hijacked (rendered) answer sets them on the raw response.
        const type = reply.getHeader('content-type') ?? res.getHeader('content-type');
        if (!String(type ?? '').startsWith('text/html')) return;
        recorder.served({
          path: cleanPath(sitePath),
          status: res.statusCode,
          referrer: sourceOf(request.headers.referer, request.hostname),
          utm: utmOfQuery(query),
          device: agent.device,
          widthBand: null,
          address: request.ip,
          userAgent: agent.userAgent,
        });
      });
      done();
    });
  }

  await registerBeacons(app, { stats: runtime, sourceOf });
};
