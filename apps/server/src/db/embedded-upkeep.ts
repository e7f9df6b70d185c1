/**
 * Upkeep of the embedded database. PostgreSQL's autovacuum keeps planner statistics fresh and reclaims dead
 * rows; PGlite runs one backend in single-user mode and has no autovacuum, so nothing would. Without
 * statistics the planner goes on believing a table is as small as it was at install: with a thousand leads
 * the duplicate check read every lead through the wrong index. So, on PGlite only: `VACUUM (ANALYZE)` a
 * minute after start (not at once: tests and restarts should not wait for it) and then every hour. It holds
 * the database for a fraction of a second (about 0.3 s for a 100 MB directory).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from './client';

const FIRST_AFTER_MS = 60_000;
const EVERY_MS = 60 * 60_000;

/** Runs one upkeep pass; a no-op on PostgreSQL, whose autovacuum does it. Answers how long it took (ms). */
export const runEmbeddedUpkeep = async (database: Database): Promise<number | null> => {
  if (!('pglite' in database.raw)) return null;
  const started = performance.now();
  await database.raw.pglite.exec('vacuum (analyze)');
  return performance.now() - started;
};

export const embeddedUpkeepPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.database.driver !== 'pglite') return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> = Promise.resolve();
    const pass = () => {
      running = runEmbeddedUpkeep(app.database).then(
        (ms) =>
          app.log.info({ ms: Math.round(ms ?? 0) }, 'embedded database: vacuum and statistics refreshed'),
        (err: unknown) => app.log.warn({ err }, 'embedded database: upkeep failed; tried again in an hour'),
      );
      timer = setTimeout(pass, EVERY_MS);
      timer.unref();
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(pass, FIRST_AFTER_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearTimeout(timer);
      await running;
    });
  },
  { name: 'embedded-upkeep', dependencies: ['database'] },
);
