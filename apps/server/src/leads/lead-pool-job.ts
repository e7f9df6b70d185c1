/**
 * The 公海's recycling job (decision 058): a recurring outbox row (one worker leases it at a time) that, under an
 * advisory lock over every instance, returns each open lead whose latest timeline entry (or arrival) is older than
 * its kind's days and that has no follow-up planned ahead. Its last run is kept with the settings; /metrics
 * reports its last success like every recurring job.
 */
import { LEAD_KINDS, LEAD_POOL_JOB_KIND } from '@yuexun/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { customerIntention as lead } from '../db/schema';
import { moveToPool } from './lead-pool.service';
import { readPoolSettings, recordPoolRun } from './lead-pool-settings.service';

/** Advisory-lock key: one recycling pass at a time over every instance. */
export const LEAD_POOL_LOCK_KEY = 75_000_058;
const RECYCLE_EVERY_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 3600_000;

/**
 * The lead's last touch: its newest timeline entry (a follow-up, an assignment, a claim), else its arrival. The
 * outer columns are named with their table (drizzle writes a one-table query's columns bare, and inside the
 * subquery a bare id would be the timeline entry's).
 */
const lastTouch = sql`coalesce((select max(f.created_at) from lead_follow_up f where f.lead_id = customer_intention.id), customer_intention.created_at)`;

/** Returns the idle leads of every kind to the pool; answers how many went. */
export const recycleIdleLeads = async (db: Db, now = new Date()) => {
  const { days } = await readPoolSettings(db);
  let returned = 0;
  for (const kind of LEAD_KINDS) {
    const since = new Date(now.getTime() - days[kind] * DAY_MS);
    const idle = and(
      eq(lead.kind, kind),
      sql`${lastTouch} < ${since.toISOString()}::timestamptz`,
      or(isNull(lead.nextFollowUpAt), lt(lead.nextFollowUpAt, now)),
    );
    returned += (await moveToPool(db, idle, { reason: 'idle', actor: null, days: days[kind] })).length;
  }
  return returned;
};

export const registerLeadPoolJob = (app: FastifyInstance) => {
  app.outbox.registerHandler(LEAD_POOL_JOB_KIND, async () => {
    await app.database.withExclusiveLock(LEAD_POOL_LOCK_KEY, async () => {
      const at = new Date();
      try {
        const returned = await recycleIdleLeads(app.db, at);
        await recordPoolRun(app.db, { at, ms: Date.now() - at.getTime(), returned, error: null });
        if (returned > 0) app.log.info({ returned }, 'idle leads returned to the pool');
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await recordPoolRun(app.db, { at, ms: Date.now() - at.getTime(), returned: null, error: reason });
        throw error;
      }
    });
  });
  app.outbox.schedule(LEAD_POOL_JOB_KIND, LEAD_POOL_JOB_KIND, RECYCLE_EVERY_MS);
};
