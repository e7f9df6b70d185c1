/** The article view counter of this instance (app.viewCounter): started here, flushed before the database closes. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ViewCounter } from './view-counter';

export const viewCounterPlugin = fp(
  async (app: FastifyInstance) => {
    const viewCounter = new ViewCounter(app.db);
    viewCounter.start();
    app.decorate('viewCounter', viewCounter);
    // onClose hooks run in reverse order of registration: this flush comes before the database closes.
    app.addHook('onClose', async () => {
      await viewCounter.stop().catch((error) => app.log.error({ err: error }, 'view count flush failed'));
    });
  },
  { name: 'view-counter', dependencies: ['database'] },
);
