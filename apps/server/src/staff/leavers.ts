/**
 * 离职同步 (issue 36, decision 060): the daily job on the outbox, one instance at a time under a cluster-wide lock
 * (its last success and failure show in /metrics with every recurring job), `app.leavers.run()` for 立即同步, and
 * 登录方式's actions. The rules are in leavers.service.ts; the leads' handover is the leads domain's, handed in
 * by app.ts (the import rule, decision 023).
 */
import {
  inquireLeaverSyncAdmin,
  LEAVER_SYNC_KIND,
  type LeaverRunResult,
  leaverMessages,
  ok,
  runLeaverSyncAdmin,
  updateLeaverSyncAdmin,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { implement } from '../http/registry';
import { type HandOverLeads, leaverSyncViewOf, runLeaverSync, updateLeaverSync } from './leavers.service';

/** Advisory-lock key: one directory run at a time over every instance. */
export const LEAVER_LOCK_KEY = 75_000_060;
const DAY_MS = 24 * 3600_000;

export interface LeaversApi {
  run: () => Promise<LeaverRunResult | null>;
}

export const leaversPlugin = fp<{ handOverLeads: HandOverLeads }>(
  async (app: FastifyInstance, options) => {
    const run = () =>
      app.database.withExclusiveLock(LEAVER_LOCK_KEY, () =>
        runLeaverSync(app.db, app.config.platforms, options.handOverLeads),
      );
    app.decorate('leavers', { run } satisfies LeaversApi);
    app.outbox.registerHandler(LEAVER_SYNC_KIND, async () => {
      const result = await run();
      // A directory that could not be read marks the job failing in /metrics (the run's result says why).
      if (result && result.problems.length > 0) throw new Error(result.problems.join('；'));
    });
    app.outbox.schedule('leaver-sync', LEAVER_SYNC_KIND, DAY_MS);
  },
  { name: 'leavers', dependencies: ['outbox', 'database'] },
);

export const leaverActions = [
  implement(inquireLeaverSyncAdmin, async ({ app }) => ok([await leaverSyncViewOf(app.db)])),
  implement(updateLeaverSyncAdmin, async ({ input, app, actor }) => {
    await updateLeaverSync(app.db, actor, input);
    return ok([await leaverSyncViewOf(app.db)]);
  }),
  implement(runLeaverSyncAdmin, async ({ app }) => {
    await app.leavers.run();
    return { ...ok([await leaverSyncViewOf(app.db)]), message: leaverMessages.ran };
  }),
];
