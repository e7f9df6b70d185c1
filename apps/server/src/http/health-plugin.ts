/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
import { BusinessCode, fail } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready', database: app.database.driver };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send(fail(BusinessCode.UNAVAILABLE, '数据库暂不可用'));
      }
    });
  },
  { name: 'health', dependencies: ['database'] },
);
