/**
 * Decorates app.outbox: the instance's worker. Features register their handlers and recurring
 * jobs in their own plugins (before ready); the worker starts when the server is ready and stops
 * before the database closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutboxWorker } from './worker';

export const outboxPlugin = fp(
  async (app: FastifyInstance) => {
    const c = app.config.outbox;
    const worker = new OutboxWorker(app.database, app.log.child({ component: 'outbox' }), {
      pollMs: c.pollMs,
      retryBaseMs: c.retryBaseMs,
      retryMaxMs: c.retryMaxMs,
      leaseMs: c.leaseMs,
      batchSize: 10,
    });
    app.decorate('outbox', worker);
    if (c.worker) app.addHook('onReady', () => worker.start());
    app.addHook('preClose', () => worker.stop());
  },
  { name: 'outbox', dependencies: ['database'] },
);
