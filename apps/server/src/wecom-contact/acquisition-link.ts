/**
 * A lead's 获客链接 (decision 068), the 获客链接 mode of its 联系我 row (lead-contact-way.ts queues both): the outbox
 * POSTs externalcontact/customer_acquisition/create_link {link_name, range {user_list [the owner]}, skip_verify}
 * and keeps link.link_id and link.url with `customer_channel=<the lead's state>` appended, which WeCom hands back
 * as the State of the add_external_contact callback (so wecom-contact-callback.ts binds it as it binds a 联系我).
 * A retired 获客链接 is deleted through the outbox with customer_acquisition/delete_link {link_id}
 * (retire-contact-way.ts queues it). WeCom's refusals: retried, their Chinese reason on the row and in the
 * delivery log. WeCom documents these calls for a 自建应用's secret in 客户联系's 可调用应用, not the system app's.
 */
import type { Db } from '../db/client';
import { type OutboxJob, PermanentError } from '../shared/outbox';
import { objectField, PlatformError, stringField } from '../shared/platforms/platform-call';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { deliverLeadWay } from './deliver-lead-way';
import { contactClient, readWecomContactSettings, wecomContactReady } from './wecom-contact-settings.service';

/** WeCom's documented way to carry a channel through a 获客链接: customer_channel on its url (≤ 64 bytes). */
export const withChannel = (url: string, state: string) => {
  const link = new URL(url);
  link.searchParams.set('customer_channel', state);
  return link.toString();
};

/** WeCom's 48002 for a 获客链接 says which secret it wants (its documented 权限说明). */
const explained = (error: unknown): never => {
  if (error instanceof PlatformError && error.code === '48002')
    throw new PlatformError(error.platform, error.code, `${error.reason}；${LINK_SECRET_HINT}`);
  throw error;
};

export const LINK_SECRET_HINT =
  '获客链接须使用配置到「客户联系 → 可调用应用」的自建应用 Secret，客户联系系统应用的 Secret 不能调用';

/** The outbox handler: creates the 获客链接 of the row still carrying the job's state. */
export const deliverAcquisitionLink = (db: Db, urls: PlatformUrls, job: OutboxJob) =>
  deliverLeadWay(db, urls, job, '获客链接', async (client, row, state) => {
    const answer = await client
      .call(
        'externalcontact/customer_acquisition/create_link',
        {},
        { link_name: `线索 #${row.leadId}`, range: { user_list: [row.wecomUserId] }, skip_verify: true },
      )
      .catch(explained);
    const link = objectField(answer, 'link');
    const linkId = stringField(link, 'link_id');
    const url = stringField(link, 'url');
    if (!linkId || !/^https?:\/\//.test(url)) throw new Error('企业微信：应答中没有获客链接');
    return { linkId, linkUrl: withChannel(url, state) };
  });

/** The outbox handler: customer_acquisition/delete_link {link_id}. */
export const deliverDelAcquisitionLink = async (db: Db, urls: PlatformUrls, job: OutboxJob) => {
  const { linkId } = job.payload;
  if (typeof linkId !== 'string' || !linkId) throw new PermanentError('删除获客链接任务内容无效');
  const settings = await readWecomContactSettings(db);
  if (!wecomContactReady(settings)) throw new PermanentError('企业微信客户联系已停用或配置不完整');
  await contactClient(db, urls, settings)
    .call('externalcontact/customer_acquisition/delete_link', {}, { link_id: linkId })
    .catch(explained);
  job.log.info({ linkId }, 'wecom acquisition link deleted');
};
