/**
 * Opens the database and brings its schema up to date under an advisory lock, so that instances
 * starting together take turns. Decorates app.db. First-start content is the seed plugin's.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from './client';
import { runMigrations, SCHEMA_LOCK_KEY } from './migrate';
import { appSetting } from './schema';

const settingOrCreate = async (db: Db, key: string, create: () => string) => {
  await db.insert(appSetting).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, key));
  if (!row) throw new Error(`setting ${key} missing after insert`);
  return row.value;
};

export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database?: Database }) => {
    const database = opts.database ?? (await openDatabase(app.config.database));
    app.addHook('onClose', async () => {
      // A database handed in (tests: a second instance on one PGlite) is closed by whoever opened it.
      if (!opts.database) await database.close();
    });
    const secrets = await database.withExclusiveLock(SCHEMA_LOCK_KEY, async () => {
      await runMigrations(database);
      return {
        ipHash: await settingOrCreate(database.db, 'ip_hash_secret', () => randomBytes(32).toString('hex')),
      };
    });
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('secrets', secrets);
  },
  { name: 'database' },
);
