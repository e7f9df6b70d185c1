/**
 * The platform clients of a scan-login app saved in 登录方式 (`scan_platform_app`, decision 060): sign-in
 * (accounts/) and the directory job for leavers (staff/) make their 企业微信, 钉钉 and 飞书 clients here.
 */
import type { Db } from '../../db/client';
import type { scanPlatformApp } from '../../db/schema';
import { dingtalkClient } from './dingtalk';
import { feishuClient } from './feishu';
import type { PlatformUrls } from './platform-env';
import { wecomClient } from './wecom';

export type ScanPlatformRow = typeof scanPlatformApp.$inferSelect;

export const platformClients = (db: Db, urls: PlatformUrls, row: ScanPlatformRow) => ({
  wecom: () => wecomClient(db, urls, { corpId: row.corpId, agentId: row.agentId, secret: row.appSecret }),
  dingtalk: () =>
    dingtalkClient(db, urls, { corpId: row.corpId, clientId: row.appKey, secret: row.appSecret }),
  feishu: () => feishuClient(db, urls, { appId: row.appKey, secret: row.appSecret, tenantKey: row.corpId }),
});

/** What each platform needs before it can be switched on. */
export const scanAppComplete = (
  row: Pick<ScanPlatformRow, 'platform' | 'corpId' | 'agentId' | 'appKey' | 'appSecret'>,
) => {
  if (row.appSecret === '') return false;
  if (row.platform === 'wecom') return row.corpId !== '' && row.agentId !== '';
  if (row.platform === 'dingtalk') return row.corpId !== '' && row.appKey !== '';
  return row.appKey !== '';
};

/** Whether the platform is switched on and complete. */
export const scanReady = (row: ScanPlatformRow) => row.enabled && scanAppComplete(row);
