/**
 * A retired 联系我 is deleted in WeCom too (decision 062): WeCom limits how many 联系我 a corp may keep, so the
 * one of a former owner (owner change, merge) or of an erased lead is not left in WeCom's admin. Its config_id is
 * queued through the outbox in the transaction that retires it; the handler calls
 * externalcontact/del_contact_way {config_id} with the 客户联系 token, retried with the outbox's backoff, and a
 * refusal's Chinese reason is in the delivery log. A config WeCom no longer knows counts as deleted.
 */
import { WECOM_DEL_CONTACT_WAY_KIND } from '@yuexun/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadWecomContact } from '../db/schema';
import { enqueueMany, type OutboxJob, type OutboxMessage, PermanentError } from '../shared/outbox';
import { PlatformError } from '../shared/platforms/platform-call';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { contactClient, readWecomContactSettings, wecomContactReady } from './wecom-contact-settings.service';

/**
 * WeCom's answers for a config_id it does not know (deleted before, by us or in its admin): 40058 不合法的参数
 * (the only parameter is the config_id) and 41037, which WeCom has answered for a value that is no config_id.
 */
const ALREADY_GONE = new Set(['40058', '41037']);

interface Retired {
  leadId: number;
  configId: string;
  wecomUserId: string;
}

const message = (r: Retired, maxAttempts: number): OutboxMessage => ({
  kind: WECOM_DEL_CONTACT_WAY_KIND,
  payload: { configId: r.configId },
  options: {
    maxAttempts,
    dedupeKey: `${WECOM_DEL_CONTACT_WAY_KIND}:${r.configId}`,
    label: `删除线索 #${r.leadId} 的企业微信联系我（${r.wecomUserId}）`,
    subject: { type: 'lead', id: r.leadId },
  },
});

/** Queues the deletion of WeCom's 联系我 (created ones only: a pending one has no config_id yet). */
export const queueDelContactWays = (tx: Db, retired: readonly Retired[], maxAttempts: number) =>
  enqueueMany(
    tx,
    retired.filter((r) => r.configId !== '').map((r) => message(r, maxAttempts)),
  );

/** The leads' 联系我 created in WeCom, queued for deletion (their rows go with the leads: an erasure). */
export const retireContactWaysOf = async (tx: Db, leadIds: readonly number[], maxAttempts: number) => {
  if (leadIds.length === 0) return 0;
  const rows = await tx
    .select({
      leadId: leadWecomContact.leadId,
      configId: leadWecomContact.configId,
      wecomUserId: leadWecomContact.wecomUserId,
    })
    .from(leadWecomContact)
    .where(and(inArray(leadWecomContact.leadId, [...leadIds]), ne(leadWecomContact.configId, '')));
  return queueDelContactWays(tx, rows, maxAttempts);
};

/** Deletes the lead's 联系我 row (its state no longer binds) and queues its deletion in WeCom. */
export const retireContactWay = async (tx: Db, leadId: number, maxAttempts: number) => {
  const rows = await tx.delete(leadWecomContact).where(eq(leadWecomContact.leadId, leadId)).returning({
    leadId: leadWecomContact.leadId,
    configId: leadWecomContact.configId,
    wecomUserId: leadWecomContact.wecomUserId,
  });
  await queueDelContactWays(tx, rows, maxAttempts);
  return rows.length > 0;
};

/** The outbox handler: externalcontact/del_contact_way; a config WeCom no longer knows is done. */
export const deliverDelContactWay = async (db: Db, urls: PlatformUrls, job: OutboxJob) => {
  const { configId } = job.payload;
  if (typeof configId !== 'string' || !configId) throw new PermanentError('删除联系我任务内容无效');
  const settings = await readWecomContactSettings(db);
  if (!wecomContactReady(settings)) throw new PermanentError('企业微信客户联系已停用或配置不完整');
  try {
    await contactClient(db, urls, settings).call(
      'externalcontact/del_contact_way',
      {},
      { config_id: configId },
    );
    job.log.info({ configId }, 'wecom contact way deleted');
  } catch (error) {
    if (!(error instanceof PlatformError && error.code !== null && ALREADY_GONE.has(error.code))) throw error;
    job.log.info({ configId, reason: error.reason }, 'wecom contact way already gone');
  }
};
