/**
 * buildApp(config) → a ready Fastify instance, used by `npm start` and by every test.
 * Plugins carry cross-cutting behaviour; actions/ holds the API.
 */
import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import { ACTION_BODY_LIMIT_BYTES } from '@yuexun/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { allActions } from './actions';
import { registerApiFallback } from './actions/fallback';
import { registerActions } from './actions/registry';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerSite } from './site';

export type { AppConfig } from './config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface BuildOptions {
  /** An already open database (tests share one across apps); otherwise config.database is opened. */
  database?: Database;
}

export const buildApp = async (config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-sid"]'],
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
    return503OnClosing: true,
    // First start migrates and seeds the embedded database; on a busy machine that outlasts the 10 s default.
    pluginTimeout: 120_000,
  });
  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Schemas on routes document the API; validation is the contract's zod schemas, serialisation plain JSON.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(formbody);
  await app.register(databasePlugin, { database: options.database });
  await app.register(authPlugin);
  await app.register(healthPlugin);
  await app.register(docsPlugin);
  await app.register(async (api) => {
    registerActions(api, allActions);
    registerApiFallback(api);
  });
  await registerSite(app);
  await app.ready();
  return app;
};
