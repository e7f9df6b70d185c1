/**
 * Opens the database, brings its schema up to date and seeds demo content, all under one
 * advisory lock so that instances starting together take turns. Decorates app.db.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ViewCounter } from '../actions/news/view-counter';
import { type Database, type Db, openDatabase } from '../db/client';
import { runMigrations, SCHEMA_LOCK_KEY } from '../db/migrate';
import { appSetting } from '../db/schema';
import { seedDemoAccounts } from '../seed/accounts';
import { seedDemoDownloads } from '../seed/downloads';
import { seedDemoLeads } from '../seed/leads';
import { seedDemoRules } from '../seed/rules';
import { seedDemoContent } from '../seed/seed';

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
      await app.viewCounter.stop().catch((error) => app.log.error({ err: error }, 'view count flush failed'));
      await database.close();
    });
    const secrets = await database.withExclusiveLock(SCHEMA_LOCK_KEY, async () => {
      await runMigrations(database);
      if (app.config.seedDemo) {
        const seeded = await seedDemoContent(database.db);
        if (seeded) app.log.info('demo content seeded');
        await seedDemoRules(database.db);
        await seedDemoLeads(database.db);
        if (await seedDemoDownloads(database.db)) app.log.info('demo downloads seeded');
        const accounts = await seedDemoAccounts(database.db, app.config);
        // Shown once, on the start that created the accounts (only hashes are stored), after
        // listening so that the login address carries the real port.
        app.addHook('onListen', async () => {
          const address = app.server.address();
          const port = address && typeof address === 'object' ? address.port : app.config.port;
          const loginUrl = `http://${app.config.host}:${port}${app.config.basePath}home/2.0/login/#/login`;
          for (const { username, password } of accounts.generated) {
            app.log.info(
              { username, password, loginUrl },
              `demo account ${username} created with a generated password (set ${username.toUpperCase()}_PASSWORD to choose it)`,
            );
          }
        });
      }
      return {
        ipHash: await settingOrCreate(database.db, 'ip_hash_secret', () => randomBytes(32).toString('hex')),
      };
    });
    const viewCounter = new ViewCounter(database.db);
    viewCounter.start();
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('secrets', secrets);
    app.decorate('viewCounter', viewCounter);
  },
  { name: 'database' },
);
