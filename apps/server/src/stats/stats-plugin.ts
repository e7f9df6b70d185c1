/**
 * Counting: every site page the server answers is counted when its response finishes (onRequest sets
 * a listener, so a page served from any cache is counted too and rendering never waits), and the
 * site's beacon posts to STATS_BEACON_PATH. Crawlers go to the spider log with the status they got.
 * Register before the site, so the hook runs ahead of anything that answers a page early.
 */
import {
  BusinessCode,
  fail,
  SITE_SECTIONS,
  STATS_BEACON_MAX_BYTES,
  STATS_BEACON_PATH,
  statsBeacon,
  widthBandOf,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../http/route';
import { STATS_BEACONS_DROPPED } from '../shared/metrics/metrics';
import { sitePathOf } from '../shared/site-path';
import { BeaconLimit } from './beacon-limit';
import { agentOf, cleanPath, dayOf, referrerOf, utmOfQuery } from './classify';
import { DemoStatistics } from './demo';
import { FormViews } from './form-views';
import type { BeaconDrop } from './page-view';
import { StatsRecorder } from './recorder';
import { dnsResolver, SpiderVerifier } from './spider-dns';
import { StatsRuntime } from './stats-runtime';
import { VisitPages } from './visit-pages';
import { VisitorHasher } from './visitor';

/** Route config flag of the site's page route: its answers are page views. */
export const PAGE_VIEW = { pageView: true } as const;

const COUNTED_STATUSES = new Set([200, 304, 404]);

const splitUrl = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
};

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
  const runtime = new StatsRuntime(app.db, recorder, hasher, app.log, demo, visits, forms);
  app.decorate('stats', runtime);
  const publicHost = config.publicOrigin ? new URL(config.publicOrigin).hostname : '';
  /** A referrer from the site itself is no source. */
  const sourceOf = (referrer: string | undefined, hostname: string) =>
    referrerOf(referrer, publicHost ? [hostname, publicHost] : [hostname]);
  const limit = new BeaconLimit(config.stats.beaconsPerMinute);

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

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['text/plain', 'application/json'],
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    defineRoute(scope, {
      method: 'POST',
      url: `${base}${STATS_BEACON_PATH.slice(1)}`,
      bodyLimit: STATS_BEACON_MAX_BYTES,
      schema: { hide: true },
      // A foreign page's beacon is dropped quietly like any other.
      crossSite: (reply) => reply.header('cache-control', 'no-store').code(204).send(),
      handler: async ({ request, reply }) => {
        reply.header('cache-control', 'no-store');
        const accepted = () => reply.code(204).send();
        const dropped = (reason: BeaconDrop) => {
          recorder.dropBeacon(reason);
          return accepted();
        };
        // Dropped quietly (and counted): statistics off, over the limit, crawlers running scripts.
        if (!config.stats.enabled) return dropped('off');
        if (!limit.take(request.ip)) return dropped('rate_limited');
        const userAgent = String(request.headers['user-agent'] ?? '');
        const agent = agentOf(userAgent);
        if (agent.spider) return dropped('crawler');
        let parsed: ReturnType<typeof statsBeacon.safeParse>;
        try {
          parsed = statsBeacon.safeParse(JSON.parse(String(request.body ?? '')));
        } catch {
          parsed = statsBeacon.safeParse(undefined);
        }
        if (!parsed.success)
          return reply.code(400).send(fail(BusinessCode.BAD_REQUEST, '统计数据格式不正确'));
        const { path, query } = splitUrl(parsed.data.p);
        const sitePath = sitePathOf(path, base);
        const section = sitePath?.split('/')[1] ?? '';
        if (sitePath === null || !SITE_SECTIONS.includes(section)) return dropped('unknown_path');
        // Counts nothing unless this instance served the path lately (recorder.ts): a forged beacon for a
        // made-up page adds no page.
        const page = cleanPath(sitePath);
        const referrer = sourceOf(parsed.data.r, request.hostname);
        const outcome = recorder.beacon({
          path: page,
          status: 200,
          referrer,
          utm: utmOfQuery(query),
          device: agent.device,
          widthBand: parsed.data.w === undefined ? null : widthBandOf(parsed.data.w),
          address: request.ip,
          userAgent: agent.userAgent,
        });
        // The 访问轨迹 keeps only pages the server confirmed and answered 200 lately: a made-up path or a 404
        // never joins a visit.
        const { v: visitId, b: browserId } = parsed.data;
        const real = outcome === 'confirmed' || outcome === 'enriched';
        // The forms the page showed (表单转化): counted once per page view, like the view itself.
        if (real) forms.record(parsed.data.f);
        if (visitId && real && recorder.servedPaths.get(page) !== undefined) {
          visits.record({
            visitId,
            browserId: browserId ?? '',
            userAgent: agent.userAgent,
            path: page,
            title: parsed.data.t ?? '',
            source: referrer.engine || referrer.host,
          });
        }
        return accepted();
      },
    });
  });
};
