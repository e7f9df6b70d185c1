/**
 * The two beacons: the site script's POST to STATS_BEACON_PATH, and the <noscript> picture a browser without
 * JavaScript loads from STATS_NOSCRIPT_PATH. Both only confirm a page this instance served lately
 * (recorder.beacon); a confirmed page joins the visit's 访问轨迹 — the script's visit id, or for the picture
 * the server's own name of the visit (noscript-visit.ts). Neither counts a view: serving the page did.
 */
import {
  BusinessCode,
  fail,
  SITE_SECTIONS,
  STATS_BEACON_MAX_BYTES,
  STATS_BEACON_PATH,
  STATS_NOSCRIPT_PATH,
  type StatsBeacon,
  statsBeacon,
  statsNoScriptView,
  widthBandOf,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../http/route';
import { sitePathOf } from '../shared/site-path';
import { BeaconLimit } from './beacon-limit';
import { type Agent, agentOf, cleanPath, type ReferrerInfo, utmOfQuery } from './classify';
import { TRANSPARENT_GIF } from './noscript-visit';
import type { BeaconDrop } from './page-view';
import type { StatsRuntime } from './stats-runtime';

export const splitUrl = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
};

export interface BeaconDeps {
  stats: StatsRuntime;
  /** A referrer as a source, none for the site itself. */
  sourceOf: (referrer: string | undefined, hostname: string) => ReferrerInfo;
}

export const registerBeacons = async (app: FastifyInstance, { stats, sourceOf }: BeaconDeps) => {
  const { config } = app;
  const base = config.basePath;
  const { recorder, visits, forms } = stats;
  const limit = new BeaconLimit(config.stats.beaconsPerMinute);

  const drop = (reason: BeaconDrop) => {
    recorder.dropBeacon(reason);
    return reason;
  };
  /** The browser, or why its beacon is dropped before it is read (already counted). */
  const admit = (request: FastifyRequest): Agent | BeaconDrop => {
    // Dropped quietly (and counted): statistics off, over the limit, crawlers running scripts.
    if (!config.stats.enabled) return drop('off');
    if (!limit.take(request.ip)) return drop('rate_limited');
    const agent = agentOf(String(request.headers['user-agent'] ?? ''));
    return agent.spider ? drop('crawler') : agent;
  };

  /** Confirms the page: undefined when it added something, else why it was dropped (already counted). */
  const confirm = (request: FastifyRequest, agent: Agent, sent: StatsBeacon, noScript: boolean) => {
    const { path, query } = splitUrl(sent.p);
    const sitePath = sitePathOf(path, base);
    const section = sitePath?.split('/')[1] ?? '';
    if (sitePath === null || !SITE_SECTIONS.includes(section)) return drop('unknown_path');
    // Counts nothing unless this instance served the path lately (recorder.ts): a forged beacon for a
    // made-up page adds no page.
    const page = cleanPath(sitePath);
    const referrer = sourceOf(sent.r, request.hostname);
    const outcome = recorder.beacon({
      path: page,
      status: 200,
      referrer,
      utm: utmOfQuery(query),
      device: agent.device,
      widthBand: sent.w === undefined ? null : widthBandOf(sent.w),
      address: request.ip,
      userAgent: agent.userAgent,
    });
    // recorder.beacon counted the drop.
    if (outcome !== 'confirmed' && outcome !== 'enriched') return outcome;
    // The forms the page showed (表单转化): counted once per page view, like the view itself.
    forms.record(sent.f);
    // The 访问轨迹 keeps only pages the server answered 200 lately: a made-up path or a 404 never joins a visit.
    const visitId = noScript ? stats.noScriptVisit(request.ip, agent.userAgent) : sent.v;
    if (visitId && recorder.servedPaths.get(page) !== undefined) {
      visits.record({
        visitId,
        browserId: noScript ? '' : (sent.b ?? ''),
        userAgent: agent.userAgent,
        path: page,
        title: sent.t ?? '',
        source: referrer.engine || referrer.host,
      });
    }
    return undefined;
  };

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
        const agent = admit(request);
        if (typeof agent === 'string') return reply.code(204).send();
        let parsed: ReturnType<typeof statsBeacon.safeParse>;
        try {
          parsed = statsBeacon.safeParse(JSON.parse(String(request.body ?? '')));
        } catch {
          parsed = statsBeacon.safeParse(undefined);
        }
        if (!parsed.success)
          return reply.code(400).send(fail(BusinessCode.BAD_REQUEST, '统计数据格式不正确'));
        confirm(request, agent, parsed.data, false);
        return reply.code(204).send();
      },
    });
  });

  /** The picture always answers the same transparent pixel, so it tells a prober nothing. */
  const pixel = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').type('image/gif').send(TRANSPARENT_GIF);
  defineRoute(app, {
    method: 'GET',
    url: `${base}${STATS_NOSCRIPT_PATH.slice(1)}`,
    schema: { hide: true },
    handler: async ({ request, reply }) => {
      const agent = admit(request);
      if (typeof agent === 'string') return pixel(reply);
      const parsed = statsNoScriptView.safeParse(request.query);
      if (parsed.success) confirm(request, agent, parsed.data, true);
      else drop('unknown_path');
      return pixel(reply);
    },
  });
};
