/**
 * 企业微信客户联系 (issue 34 item 1, docs/decisions/062 and 068): after a lead has an owner whose account is linked
 * to a WeCom member (账号绑定, decision 060), the outbox creates that member's 联系我 (externalcontact/add_contact_way)
 * or 获客链接 (customer_acquisition/create_link, the state appended as customer_channel) with the lead's short
 * `state`; the thank-you message and the owner's alert show its QR code, and WeCom's 客户联系
 * callback (add_external_contact with that state) binds the WeCom contact to the lead. 登录方式 holds the
 * settings (signin.manage): the corp id, the 客户联系 secret, the callback Token and EncodingAESKey.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { switchFlag as flag, versionField } from './admin-fields';
import { optionalOneOf, optionalText, positiveInt, siteScoped } from './fields';

/** The one route WeCom's 客户联系 callback is registered at (GET: the URL check, POST: events). */
export const WECOM_CONTACT_CALLBACK_PATH = '/callbacks/wecom/contact';
/** The outbox kind that creates a lead's 联系我. */
export const WECOM_CONTACT_WAY_KIND = 'wecom.contact-way';
/** The outbox kind that deletes a retired 联系我 in WeCom (externalcontact/del_contact_way {config_id}). */
export const WECOM_DEL_CONTACT_WAY_KIND = 'wecom.del-contact-way';
/** The outbox kind that creates a lead's 获客链接 (externalcontact/customer_acquisition/create_link). */
export const WECOM_ACQUISITION_LINK_KIND = 'wecom.acquisition-link';
/** The outbox kind that deletes a retired 获客链接 (externalcontact/customer_acquisition/delete_link {link_id}). */
export const WECOM_DEL_ACQUISITION_LINK_KIND = 'wecom.del-acquisition-link';
/**
 * How a lead's owner is offered to the customer: a 联系我 QR code (scanned from a computer's screen) or a 获客链接
 * (opens WeCom in one tap from a phone's browser or WeChat). The lead's state travels in both.
 */
export const WECOM_CONTACT_MODES = ['contact_way', 'acquisition_link'] as const;
export type WecomContactMode = (typeof WECOM_CONTACT_MODES)[number];
/**
 * The outbox kind queued in the transaction that changes a lead's owner after arrival (assignment, 公海 claim or
 * return, handover, merge and its undo): the lead's 联系我 follows its owner (a new one, or none).
 */
export const LEAD_OWNER_CHANGED_KIND = 'wecom.lead-owner';
/** A callback whose timestamp is further than this from now is refused as a replay. */
export const CALLBACK_WINDOW_SECONDS = 300;
/** The QR code's caption on the thank-you message and in the owner's alert. */
export const WECOM_CONTACT_CAPTION = '扫码添加您的专属顾问';
/** The 获客链接's button on the thank-you message and in the owner's alert. */
export const WECOM_LINK_CAPTION = '添加您的专属顾问';
/** How long the lead's answer waits for its QR code; later, the thank-you simply has none. */
export const WECOM_QR_WAIT_MS = 2000;
/** The no-JS thank-you's query parameter naming the lead's 联系我 (its state). */
export const WECOM_CONTACT_PARAM = 'wecom';
/**
 * Where the site and the console show a 联系我's QR code: the server fetches WeCom's picture and answers it from
 * the site's own origin (the pages' Content-Security-Policy allows only their own pictures).
 */
export const wecomQrPath = (state: string) => `/wecom-contact/qr/${state}.png`;
/** A 获客链接 from the site's own origin (the alert's button): redirects to WeCom's link once it exists. */
export const wecomLinkPath = (state: string) => `/wecom-contact/link/${state}`;

export const wecomContactMessages = {
  incomplete: '启用企业微信客户联系需要填写企业 ID、客户联系 Secret、Token 和 EncodingAESKey',
  badAesKey: 'EncodingAESKey 应为 43 个字母或数字',
  badToken: 'Token 应为 1 到 32 个英文字母或数字',
} as const;

export const wecomContactSettingsView = z.object({
  enabled: z.boolean(),
  corpId: z.string(),
  /** The secrets never leave the server: only whether each is stored. */
  secretSet: z.boolean(),
  tokenSet: z.boolean(),
  aesKeySet: z.boolean(),
  /** The address to enter as the callback URL (接收事件服务器) in WeCom's 客户联系 settings. */
  callbackUrl: z.string(),
  mode: z.enum(WECOM_CONTACT_MODES),
  version: z.number().int(),
});
export type WecomContactSettingsView = z.infer<typeof wecomContactSettingsView>;

export const inquireWecomContactSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireWecomContactSettingsAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary:
    '企业微信客户联系设置：企业 ID、回调地址，以及 Secret、Token、EncodingAESKey 是否已保存（不含其值）',
  input: siteScoped,
  item: wecomContactSettingsView,
  result: 'list',
});

export const updateWecomContactSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateWecomContactSettingsAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '修改企业微信客户联系设置；Secret、Token、EncodingAESKey 留空表示不变；version 不是最新时返回 409',
  input: siteScoped.extend({
    enabled: flag('企业微信客户联系'),
    corpId: optionalText('企业 ID', 100),
    secret: optionalText('客户联系 Secret', 300),
    callbackToken: optionalText('Token', 32),
    encodingAesKey: optionalText('EncodingAESKey', 43),
    /** Left out: unchanged. */
    mode: optionalOneOf('方式', WECOM_CONTACT_MODES),
    version: versionField,
  }),
  item: wecomContactSettingsView,
  result: 'list',
  mutates: true,
});

/** A lead's 联系我 and the WeCom contact bound through it (the lead drawer). */
export const leadWecomContactView = z.object({
  /** pending: being created; ready: the QR code exists; failed: WeCom refused (reason). */
  status: z.enum(['pending', 'ready', 'failed']),
  reason: z.string(),
  ownerWecomUserId: z.string(),
  /** 联系我 or 获客链接 (its QR code is then a picture of the link). */
  mode: z.enum(WECOM_CONTACT_MODES),
  qrCode: z.string(),
  /** The 获客链接 with the lead's customer_channel; '' for a 联系我. */
  link: z.string(),
  externalUserId: z.string(),
  contactName: z.string(),
  boundAt: z.string().nullable(),
  removedAt: z.string().nullable(),
});
export type LeadWecomContactView = z.infer<typeof leadWecomContactView>;

export const inquireLeadWecomContactAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadWecomContactAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary:
    '线索的企业微信联系我：负责人的二维码是否已生成、绑定的企业微信联系人及其添加、删除时间；没有时为空列表',
  input: siteScoped.extend({ leadId: positiveInt('线索编号') }),
  item: leadWecomContactView,
  result: 'list',
});
