/**
 * What a first start puts in the database: the site settings record (the demo identity, or blank with
 * ICP_NUMBER), the home layout (with demo banners and friendly links, or empty) and, with SEED_DEMO, the
 * demo content, rules, leads, downloads and accounts. Runs under its own advisory lock so that instances
 * starting together seed once; later starts change nothing.
 */
import { Readable } from 'node:stream';
import { CONSOLE_PATH } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureHomeLayout } from '../home-page/home-page.service';
import { ensureBuiltinForms } from '../leads/live-form.service';
import { StoreUnavailableError } from '../shared/errors';
import { ensureSiteSettings } from '../site-settings/site-settings.service';
import { seedDemoAccounts, seededCoverUuids } from './accounts';
import { demoBanners, demoHomeLayout } from './content/home-page';
import { demoSiteSettings } from './content/site-settings';
import { demoCovers } from './covers';
import { demoDownloadFiles, seedDemoDownloads, seededDownloadUuids } from './downloads';
import { seedDemoLeads } from './leads';
import { seedDemoRules } from './rules';
import { seedDemoContent } from './seed';
import { seedDemoStats } from './stats';

const SEED_LOCK_KEY = 75_000_002;

export const seedPlugin = fp(
  async (app: FastifyInstance) => {
    await app.database.withExclusiveLock(SEED_LOCK_KEY, async () => {
      await ensureSiteSettings(app.db, {
        initial: app.config.seedDemo ? demoSiteSettings : null,
        icpNumber: app.config.icpNumber,
      });
      if (!app.config.seedDemo) await ensureHomeLayout(app.db, null);
      if (app.config.seedDemo) {
        const seeded = await seedDemoContent(app.db);
        if (seeded) app.log.info('demo content seeded');
        if (await seedDemoDownloads(app.db)) app.log.info('demo downloads seeded');
        const accounts = await seedDemoAccounts(app.db, app.config);
        // Leads are owned by the demo staff, so they come after the accounts.
        await seedDemoLeads(app.db);
        // Rules belong to a school, so they come after the schools.
        await seedDemoRules(app.db);
        // Banners show the demo covers, stored with the accounts' pictures above.
        await ensureHomeLayout(app.db, { layout: demoHomeLayout, banners: demoBanners() });
        // Only into a database without statistics of its own; gone at the first real request counted.
        if (await seedDemoStats(app.db)) app.log.info('demo statistics seeded');
        // Shown once, on the start that created the accounts (only hashes are stored), after
        // listening so that the login address carries the real port.
        app.addHook('onListen', async () => {
          const address = app.server.address();
          const port = address && typeof address === 'object' ? address.port : app.config.port;
          const loginUrl = `http://${app.config.host}:${port}${app.config.basePath}${CONSOLE_PATH}#/login`;
          for (const { username, password, variable } of accounts.generated) {
            app.log.info(
              { username, password, loginUrl },
              `demo account ${username} created with a generated password (set ${variable} to choose it)`,
            );
          }
        });
      }
      // The built-in 销售咨询 and 代理商申请 forms (the original lead actions file their leads under them);
      // leads from before (demo ones too) are filed under them.
      await ensureBuiltinForms(app.db);
    });
    // Demo covers and downloads are built deterministically, so a fresh DATA_DIR (or a second
    // instance's disk) gets back any the database records but the store lacks.
    const restore = async (
      recorded: Set<string>,
      build: () => Promise<{ uuid: string; bytes: Buffer }[]>,
    ) => {
      const missing: string[] = [];
      for (const uuid of recorded) if (!(await app.blobs.exists(uuid))) missing.push(uuid);
      if (missing.length === 0) return;
      for (const made of await build()) {
        if (missing.includes(made.uuid)) await app.blobs.put(made.uuid, Readable.from([made.bytes]));
      }
    };
    try {
      await restore(await seededCoverUuids(app.db), demoCovers);
      await restore(await seededDownloadUuids(app.db), async () => demoDownloadFiles());
    } catch (error) {
      // An object store that is down must not keep the site from starting; the next start restores them.
      if (!(error instanceof StoreUnavailableError)) throw error;
      app.log.warn({ reason: error.reason }, 'demo files not restored: the object store is not usable');
    }
  },
  { name: 'seed', dependencies: ['database', 'files'] },
);
