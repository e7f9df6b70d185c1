/**
 * Upkeep of the embedded database. PostgreSQL's autovacuum keeps planner statistics fresh and reclaims dead
 * rows; PGlite runs one backend in single-user mode and has no autovacuum, so nothing would. Without
 * statistics the planner goes on believing a table is as small as it was at install: with a thousand leads
 * the duplicate check read every lead through the wrong index, and the article list planned for 4 ms and ran
 * for 25. So, on PGlite only: `ANALYZE` before serving when the database was never analysed (a first start),
 * then `VACUUM (ANALYZE)` a minute after start (not at once: tests and restarts should not wait for it) and
 * every hour. A pass holds the database for a fraction of a second (about 0.3 s for a 100 MB directory).
 * `kill -USR2 <pid>` runs a pass at once (an operator after a large import; bench:memory measures it).
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, queryRows } from './client';

const FIRST_AFTER_MS = 60_000;
const EVERY_MS = 60 * 60_000;

/** Runs one upkeep pass; a no-op on PostgreSQL, whose autovacuum does it. Answers how long it took (ms). */
export const runEmbeddedUpkeep = async (database: Database): Promise<number | null> => {
  if (!('pglite' in database.raw)) return null;
  const started = performance.now();
  await database.raw.pglite.exec('vacuum (analyze)');
  return performance.now() - started;
};

/** True while a table of ours has no statistics yet (reltuples is -1 until the first VACUUM or ANALYZE). */
const neverAnalysed = async (database: Database) => {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0`,
  );
  return (rows[0]?.n ?? 0) > 0;
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
    const onDemand = () => {
      if (timer) clearTimeout(timer);
      pass();
    };
    app.addHook('onReady', async () => {
      // A database never analysed (a first start, seeded just now) gets its statistics before it serves:
      // about 0.2 s once, instead of a minute of plans made for empty tables.
      if (await neverAnalysed(app.database)) {
        const started = performance.now();
        await app.database.db.execute(sql`analyze`);
        app.log.info({ ms: Math.round(performance.now() - started) }, 'embedded database: first statistics');
      }
      timer = setTimeout(pass, FIRST_AFTER_MS);
      timer.unref();
      process.on('SIGUSR2', onDemand);
    });
    app.addHook('preClose', async () => {
      process.off('SIGUSR2', onDemand);
      if (timer) clearTimeout(timer);
      await running;
    });
  },
  { name: 'embedded-upkeep', dependencies: ['database'] },
);
