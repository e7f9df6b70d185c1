/**
 * After the callback bound a WeCom contact to a lead: the outbox reads the contact's name
 * (externalcontact/get) and writes 已添加企业微信 with it on the lead's timeline. When WeCom keeps refusing, the
 * last attempt writes the entry with the contact's id instead, so the timeline never misses the binding.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadWecomContact } from '../db/schema';
import { type OutboxJob, PermanentError } from '../shared/outbox';
import { objectField, stringField } from '../shared/platforms/platform-call';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { contactClient, readWecomContactSettings, wecomContactReady } from './wecom-contact-settings.service';
import type { WriteTimeline } from './write-timeline';

export const readContactName = async (
  db: Db,
  urls: PlatformUrls,
  job: OutboxJob,
  writeTimeline: WriteTimeline,
) => {
  const { leadId, externalUserId } = job.payload;
  if (typeof leadId !== 'number' || typeof externalUserId !== 'string')
    throw new PermanentError('联系人任务内容无效');
  const current = and(
    eq(leadWecomContact.leadId, leadId),
    eq(leadWecomContact.externalUserId, externalUserId),
  );
  const [row] = await db.select().from(leadWecomContact).where(current);
  if (!row) return;
  let name = '';
  try {
    const settings = await readWecomContactSettings(db);
    if (!wecomContactReady(settings)) throw new PermanentError('企业微信客户联系已停用或配置不完整');
    const answer = await contactClient(db, urls, settings).call('externalcontact/get', {
      external_userid: externalUserId,
    });
    name = stringField(objectField(answer, 'external_contact'), 'name');
  } catch (error) {
    if (!(error instanceof PermanentError) && job.attempt < job.maxAttempts) throw error;
    job.log.warn(
      { leadId, error: error instanceof Error ? error.message : String(error) },
      'contact name unread',
    );
  }
  await db.transaction(async (tx) => {
    if (name)
      await tx.update(leadWecomContact).set({ contactName: name, updatedAt: new Date() }).where(current);
    await writeTimeline(tx, {
      leadId,
      kind: 'wecom',
      accountId: null,
      note: `已添加企业微信：${name || externalUserId}`,
    });
  });
};
