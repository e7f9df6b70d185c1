/**
 * What the outbox handlers of a lead's 联系我 (lead-contact-way.ts) and 获客链接 (acquisition-link.ts) share: the
 * job's row is still the lead's current one (same state, not made yet), 客户联系 is on, the row is marked with
 * what WeCom made or with WeCom's reason (failed once retries are spent), and a way made while the owner changed is
 * deleted in WeCom at once.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadWecomContact } from '../db/schema';
import { type OutboxJob, PermanentError } from '../shared/outbox';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { queueDelContactWays } from './retire-contact-way';
import { contactClient, readWecomContactSettings, wecomContactReady } from './wecom-contact-settings.service';

type Row = typeof leadWecomContact.$inferSelect;
type Made = Partial<typeof leadWecomContact.$inferInsert> & { configId?: string; linkId?: string };

/** `make` calls WeCom and answers the row's new columns (the config id or the link id among them). */
export const deliverLeadWay = async (
  db: Db,
  urls: PlatformUrls,
  job: OutboxJob,
  what: string,
  make: (client: ReturnType<typeof contactClient>, row: Row, state: string) => Promise<Made>,
) => {
  const { leadId, state } = job.payload;
  if (typeof leadId !== 'number' || typeof state !== 'string')
    throw new PermanentError(`${what}任务内容无效`);
  const [row] = await db.select().from(leadWecomContact).where(eq(leadWecomContact.leadId, leadId));
  // The lead is gone, or has another owner now (a newer state with its own job), or it is done already.
  if (!row || row.state !== state || row.status === 'ready') return;
  const settings = await readWecomContactSettings(db);
  const mark = (set: Partial<typeof leadWecomContact.$inferInsert>) =>
    db
      .update(leadWecomContact)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(leadWecomContact.leadId, leadId), eq(leadWecomContact.state, state)))
      .returning({ leadId: leadWecomContact.leadId });
  try {
    if (!wecomContactReady(settings)) throw new PermanentError('企业微信客户联系已停用或配置不完整');
    const made = await make(contactClient(db, urls, settings), row, state);
    const configId = made.configId ?? '';
    const linkId = made.linkId ?? '';
    // Retired while WeCom was answering (the owner changed): what was made is deleted in WeCom at once.
    if ((await mark({ ...made, status: 'ready', reason: '' })).length === 0)
      await queueDelContactWays(
        db,
        [{ leadId, configId, linkId, wecomUserId: row.wecomUserId }],
        job.maxAttempts,
      );
    job.log.info({ leadId, configId, linkId, what }, 'wecom lead contact way created');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = error instanceof PermanentError || job.attempt >= job.maxAttempts;
    await mark({ status: final ? 'failed' : 'pending', reason });
    throw error;
  }
};
