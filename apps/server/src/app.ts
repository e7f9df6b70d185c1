/**
 * buildApp(config) → a ready Fastify instance, used by `npm start` and by every test.
 * Plugins carry cross-cutting behaviour; actions/ holds the API.
 */
import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import { ACTION_BODY_LIMIT_BYTES } from '@yuexun/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountsPlugin } from './accounts/accounts-plugin';
import { adConversionsPlugin } from './ad-conversions/ad-conversions-plugin';
import { aiHelpPlugin } from './ai-help/ai-help-plugin';
import { webhookSignature } from './alerts/alert-senders';
import { checkWebhookUrl } from './alerts/alert-url';
import { alertsPlugin } from './alerts/alerts-plugin';
import { allActions } from './all-actions';
import { viewCounterPlugin } from './articles/view-counter-plugin';
import { backupsPlugin } from './backups/backups-plugin';
import type { AppConfig } from './config';
import { CONSOLE_PATH, consolePlugin } from './console';
import type { Database } from './db/client';
import { databasePlugin } from './db/database-plugin';
import { embeddedUpkeepPlugin } from './db/embedded-upkeep';
import { filesPlugin } from './files/files-plugin';
import { pictureForModel, pictureNameFor } from './files/picture-for-model';
import { authPlugin } from './http/auth-plugin';
import { docsPlugin } from './http/docs-plugin';
import { clientErrorHandler, errorsPlugin } from './http/errors-plugin';
import { registerApiFallback } from './http/fallback';
import { healthPlugin } from './http/health-plugin';
import { registerActions } from './http/registry';
import { securityHeadersPlugin } from './http/security-headers-plugin';
import { serialise } from './http/serialised';
import { registerLeadFiles } from './leads/lead-files';
import { handOverOpenLeads } from './leads/lead-handover';
import { registerLeadPoolJob } from './leads/lead-pool-job';
import { rescoreLeads } from './leads/lead-score.service';
import { writeTimeline } from './leads/lead-timeline';
import { registerLeadExport, registerLeadRetention } from './leads/leads-admin';
import { redirectsPlugin } from './redirects/redirects-plugin';
import { searchPushPlugin } from './search-push/search-push-plugin';
import { seedPlugin } from './seed/seed-plugin';
import { setPasswordHashCost } from './shared/auth/password';
import { publicCachesPlugin } from './shared/caches/public-caches';
import { metricsPlugin } from './shared/metrics/metrics-plugin';
import { outboxPlugin } from './shared/outbox/plugin';
import { registerSite } from './site/mount';
import { sitemapEntries } from './site/sitemap';
import { readSiteSettings } from './site-settings/site-settings.service';
import { leaversPlugin } from './staff/leavers';
import { registerStatsExport } from './stats/stats-admin';
import { registerStats } from './stats/stats-plugin';
import { wecomContactPlugin } from './wecom-contact/wecom-contact-plugin';

export type { AppConfig } from './config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface BuildOptions {
  /** An already open database (tests share one across apps); otherwise config.database is opened. */
  database?: Database;
  /** The console build to serve (tests hand in a small folder); default apps/console/dist. */
  consoleRoot?: string;
  /** Where log lines go instead of stdout (tests read the SMS log provider's codes from it). */
  logStream?: { write: (line: string) => void };
}

export const buildApp = async (config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> => {
  setPasswordHashCost(config.passwordHashCost);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-sid"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: ACTION_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A caller's request id is kept (so logs join up across a proxy), otherwise one is made.
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    // Start-up migrates and seeds inside the database plugin; on a busy machine (or a large
    // migration) that outlasts Fastify's 10-second default, which would abort a healthy start.
    pluginTimeout: 120_000,
    return503OnClosing: true,
    clientErrorHandler,
  });
  app.decorate('config', config);
  // Closing drops the keep-alive connections idle at that moment only; one whose response was still
  // finishing then would hold the shutdown open for the whole keep-alive time (72 s). Keep sweeping.
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Schemas on routes document the API; validation is the contract's zod schemas, serialisation plain JSON.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => serialise);

  await app.register(errorsPlugin);
  // First: its request hook then sees every route, and every plugin after it may count into app.metrics.
  await app.register(metricsPlugin, { consolePrefix: `${config.basePath}${CONSOLE_PATH}` });
  await app.register(securityHeadersPlugin);
  await app.register(formbody);
  await app.register(databasePlugin, { database: options.database });
  await app.register(viewCounterPlugin);
  await app.register(publicCachesPlugin);
  await app.register(outboxPlugin);
  await app.register(alertsPlugin, { consolePath: CONSOLE_PATH });
  await app.register(adConversionsPlugin, { checkWebhookUrl, webhookSignature });
  await app.register(wecomContactPlugin, { writeTimeline });
  await app.register(authPlugin);
  await app.register(accountsPlugin);
  await app.register(healthPlugin);
  await app.register(docsPlugin);
  await app.register(consolePlugin, { root: options.consoleRoot });
  await app.register(filesPlugin);
  await app.register(seedPlugin);
  await app.register(embeddedUpkeepPlugin);
  await app.register(redirectsPlugin);
  await app.register(backupsPlugin);
  await app.register(leaversPlugin, { handOverLeads: handOverOpenLeads });
  await app.register(aiHelpPlugin, { checkWebhookUrl, pictureForModel, pictureNameFor });
  await app.register(async (api) => {
    registerActions(api, allActions);
    registerLeadExport(api);
    registerLeadFiles(api);
    registerLeadRetention(api);
    registerLeadPoolJob(api);
    registerStatsExport(api);
    registerApiFallback(api);
  });
  await app.register(searchPushPlugin, { sitemap: sitemapEntries, settings: readSiteSettings });
  await registerStats(app, { onVisitsJoined: (leadIds) => rescoreLeads(app.db, leadIds) });
  await registerSite(app);
  await app.ready();
  return app;
};
