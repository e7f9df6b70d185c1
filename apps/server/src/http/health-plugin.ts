/**
 * Liveness (the process answers) and readiness (the database answers) for load balancers. Readiness also
 * names the product version, the newest migration the database has and the newest this build carries:
 * during a rolling upgrade they show which instances run the new code and whether its migration has run
 * (docs/decisions/043-rolling-upgrades.md).
 */
import { BusinessCode, fail } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appliedMigration, codeMigration, productVersion } from '../db/schema-version';

export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        const migration = await appliedMigration(app.db);
        return {
          status: 'ready',
          database: app.database.driver,
          version: productVersion,
          migration,
          codeMigration,
        };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send(fail(BusinessCode.UNAVAILABLE, '数据库暂不可用'));
      }
    });
  },
  { name: 'health', dependencies: ['database'] },
);
