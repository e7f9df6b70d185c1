/**
 * A retired 联系我 is deleted in WeCom too (decision 062): WeCom limits how many 联系我 a corp may keep, so the
 * one of a former owner (owner change, merge) or of an erased lead is not left in WeCom's admin. Its config_id is
 * queued through the outbox in the transaction that retires it; the handler calls
 * externalcontact/del_contact_way {config_id} with the 客户联系 token, retried with the outbox's backoff, and a
 * refusal's Chinese reason is in the delivery log. A config WeCom no longer knows counts as deleted. A retired
 * 获客链接 (decision 068) is queued the same way as customer_acquisition/delete_link {link_id} (acquisition-link.ts).
 */
import { WECOM_DEL_ACQUISITION_LINK_KIND, WECOM_DEL_CONTACT_WAY_KIND } from '@yuexun/contract';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadWecomContact } from '../db/schema';
import { enqueueMany, type OutboxJob, type OutboxMessage, PermanentError } from '../shared/outbox';
import { PlatformError } from '../shared/platforms/platform-call';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { contactClient, readWecomContactSettings, wecomContactReady } from './wecom-contact-settings.service';

/**
 * WeCom's answers for a config_id it does not know (deleted before, by us or in its admin), from its 全局错误码:
 * 41044 无效的「联系我」config_id参数, and 40058 不合法的参数 (the config_id being the only one). 41037 is not one:
 * it is 缺少「联系我」type参数, a request WeCom did not take for a del_contact_way, so it stays a failure.
 */
const ALREADY_GONE = new Set(['40058', '41044']);

interface Retired {
  leadId: number;
  /** The 联系我's, or '' (a 获客链接, or not created yet). */
  configId: string;
  /** The 获客链接's, or ''. */
  linkId: string;
  wecomUserId: string;
}

const message = (r: Retired, maxAttempts: number): OutboxMessage => {
  const [kind, payload, what] = r.linkId
    ? [WECOM_DEL_ACQUISITION_LINK_KIND, { linkId: r.linkId }, '获客链接']
    : [WECOM_DEL_CONTACT_WAY_KIND, { configId: r.configId }, '联系我'];
  return {
    kind,
    payload,
    options: {
      maxAttempts,
      dedupeKey: `${kind}:${r.linkId || r.configId}`,
      label: `删除线索 #${r.leadId} 的企业微信${what}（${r.wecomUserId}）`,
      subject: { type: 'lead', id: r.leadId },
    },
  };
};

/** Queues the deletion in WeCom of 联系我 and 获客链接 (created ones only: a pending one has no id yet). */
export const queueDelContactWays = (tx: Db, retired: readonly Retired[], maxAttempts: number) =>
  enqueueMany(
    tx,
    retired.filter((r) => r.configId !== '' || r.linkId !== '').map((r) => message(r, maxAttempts)),
  );

const retiredColumns = {
  leadId: leadWecomContact.leadId,
  configId: leadWecomContact.configId,
  linkId: leadWecomContact.linkId,
  wecomUserId: leadWecomContact.wecomUserId,
};

/** The leads' 联系我 and 获客链接 created in WeCom, queued for deletion (their rows go with the leads: an erasure). */
export const retireContactWaysOf = async (tx: Db, leadIds: readonly number[], maxAttempts: number) => {
  if (leadIds.length === 0) return 0;
  const rows = await tx
    .select(retiredColumns)
    .from(leadWecomContact)
    .where(
      and(
        inArray(leadWecomContact.leadId, [...leadIds]),
        or(ne(leadWecomContact.configId, ''), ne(leadWecomContact.linkId, '')),
      ),
    );
  return queueDelContactWays(tx, rows, maxAttempts);
};

/** Deletes the lead's 联系我 row (its state no longer binds) and queues its deletion in WeCom. */
export const retireContactWay = async (tx: Db, leadId: number, maxAttempts: number) => {
  const rows = await tx
    .delete(leadWecomContact)
    .where(eq(leadWecomContact.leadId, leadId))
    .returning(retiredColumns);
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
