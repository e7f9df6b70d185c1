/**
 * 通知渠道 (store base, site admins only): where a new lead is announced — WeCom, DingTalk and Feishu group
 * robots, a signed HTTPS webhook, e-mail over SMTP — and the delivery log of those messages (the outbox).
 * Secrets (robot keys and signing secrets, the SMTP password) are stored and never sent back in full.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { clearable, optionalIntInRange, versionField } from './admin-fields';
import { LEAD_KINDS } from './constants';
import { optionalOneOf, optionalText, positiveInt, prepared, siteScoped, text } from './fields';
import { leadKindList } from './lead-pipeline';
import { pagingInput } from './paging';

export const ALERT_CHANNEL_KINDS = ['wecom', 'dingtalk', 'feishu', 'webhook', 'email'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

export const alertChannelKindLabels: Record<AlertChannelKind, string> = {
  wecom: '企业微信',
  dingtalk: '钉钉',
  feishu: '飞书',
  webhook: 'Webhook',
  email: '邮件',
};

/** starttls: plain connection upgraded with STARTTLS (port 587); tls: TLS from the start (465); none: no TLS. */
export const SMTP_TLS_MODES = ['starttls', 'tls', 'none'] as const;
export type SmtpTlsMode = (typeof SMTP_TLS_MODES)[number];

export const ALERT_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'retrying', 'failed'] as const;

/** The outbox kind of a lead alert; the delivery log lists kinds starting with `alert.`. */
export const ALERT_OUTBOX_KIND = 'alert.send';
/** A lead given to a new owner, told over the lead's channels. */
export const ALERT_ASSIGNED_KIND = 'alert.assigned';
/** A follow-up reminder, due at the follow-up's next date. */
export const ALERT_REMINDER_KIND = 'alert.reminder';
/** A notice about the site itself (a failed backup), sent to every enabled channel. */
export const ALERT_NOTICE_KIND = 'alert.notice';
export const ALERT_OUTBOX_PREFIX = 'alert.';
export const ALERT_MAIL_TO_MAX = 20;
export const ALERT_REGIONS_MAX = 30;

/** Headers of the generic webhook (README "Alert webhooks"). */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Yuexun-Timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'X-Yuexun-Signature';

export const alertMessages = {
  urlRequired: '请填写 Webhook 地址',
  urlInvalid: 'Webhook 地址格式不正确',
  urlNotHttps: 'Webhook 地址必须以 https:// 开头',
  urlPrivate: 'Webhook 地址指向内网或本机地址，不允许使用',
  smtpHostPrivate: 'SMTP 服务器指向内网或本机地址，不允许使用',
  hostUnresolvable: (host: string) => `无法解析主机名 ${host}`,
  secretRequired: (label: string) => `请填写${label}`,
  smtpRequired: (label: string) => `请填写${label}`,
  mailToInvalid: (address: string) => `收件人地址不正确：${address}`,
  mailToTooMany: `收件人最多 ${ALERT_MAIL_TO_MAX} 个`,
  regionsTooMany: `接收地区最多 ${ALERT_REGIONS_MAX} 个`,
  mailFromInvalid: '发件人地址不正确',
  channelMissing: '通知渠道不存在或已删除',
  deliveryMissing: '该投递记录不存在或不能重发',
  testSent: (answer: string) => `测试消息已发送：${answer}`,
  testFailed: (answer: string) => `测试消息发送失败：${answer}`,
} as const;

export const alertChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ALERT_CHANNEL_KINDS),
  enabled: z.boolean(),
  /** Robot and webhook address; the key or access token in it is masked. */
  url: z.string(),
  /** Masked signing secret, '' when none is set. */
  secret: z.string(),
  smtpHost: z.string(),
  smtpPort: z.number().int().nullable(),
  smtpTls: z.enum(SMTP_TLS_MODES),
  smtpUser: z.string(),
  /** Masked, '' when none is set. */
  smtpPassword: z.string(),
  mailFrom: z.string(),
  /** Recipients, comma separated. */
  mailTo: z.string(),
  /** Routing by region: words a lead's region must contain, comma separated; '' receives every lead. */
  regions: z.string(),
  /** Routing by kind: the lead kinds this channel receives; empty: every kind. */
  leadKinds: z.array(z.enum(LEAD_KINDS)),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AlertChannel = z.infer<typeof alertChannel>;

const enabledField = prepared(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '启用状态格式不正确' }),
);

/** The kind-specific settings; which of them a kind needs is checked by the server (blank secret: keep). */
const channelSettings = {
  url: optionalText('Webhook 地址', 500),
  secret: optionalText('签名密钥', 200),
  smtpHost: optionalText('SMTP 服务器', 200),
  smtpPort: optionalIntInRange('SMTP 端口', 1, 65535),
  smtpTls: optionalOneOf('加密方式', SMTP_TLS_MODES),
  smtpUser: optionalText('SMTP 用户名', 200),
  smtpPassword: optionalText('SMTP 密码', 200),
  mailFrom: optionalText('发件人', 200),
  mailTo: optionalText('收件人', 2000),
  /** Routing: only leads whose region contains one of these words (comma separated); blank: every lead. */
  regions: clearable(text('接收地区', 200)),
  /** Routing: only leads of these kinds; empty: every kind; absent: keep. */
  leadKinds: leadKindList,
};

export const createAlertChannelAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createAlertChannelAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '新建通知渠道（企业微信、钉钉、飞书机器人、通用 Webhook、SMTP 邮件），新线索将发送到此渠道',
  input: siteScoped.extend({
    name: text('渠道名称', 40),
    kind: z.enum(ALERT_CHANNEL_KINDS, { error: '渠道类型不正确' }),
    enabled: enabledField.optional(),
    ...channelSettings,
  }),
  item: alertChannel,
  result: 'list',
  mutates: true,
  affectsLeadIntake: true,
});

export const updateAlertChannelAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateAlertChannelAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '修改通知渠道；留空的密钥和密码保持不变；version 不是最新时返回 409',
  input: siteScoped.extend({
    channelId: positiveInt('渠道编号'),
    name: optionalText('渠道名称', 40),
    enabled: enabledField.optional(),
    ...channelSettings,
    version: versionField,
  }),
  item: alertChannel,
  result: 'list',
  mutates: true,
  affectsLeadIntake: true,
});

const channelIdInput = siteScoped.extend({ channelId: positiveInt('渠道编号') });

export const inquireAlertChannelListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAlertChannelListAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '通知渠道列表（密钥只显示首尾几位）',
  input: siteScoped,
  item: alertChannel,
  result: 'list',
});

export const deleteAlertChannelAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteAlertChannelAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '删除通知渠道；尚未送达的消息不再发送',
  input: channelIdInput,
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsLeadIntake: true,
});

export const alertTestOutcome = z.object({ answer: z.string() });

export const testAlertChannelAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'testAlertChannelAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '发送测试消息到通知渠道，立即返回平台的应答',
  input: channelIdInput,
  item: alertTestOutcome,
  result: 'list',
  mutates: true,
});

export const alertDelivery = z.object({
  id: z.number().int(),
  label: z.string(),
  status: z.enum(ALERT_DELIVERY_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  createdAt: z.string(),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDelivery>;

export const inquireAlertDeliveryListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAlertDeliveryListAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '通知投递记录：已发送、重试中、失败（含最后一次错误），新记录在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    status: optionalOneOf('投递状态', ALERT_DELIVERY_STATUSES),
  }),
  item: alertDelivery,
  result: 'paged',
});

export const resendAlertDeliveryAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'resendAlertDeliveryAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '重发一条通知（失败、重试中或已发送的），重新计算尝试次数',
  input: siteScoped.extend({ deliveryId: positiveInt('投递编号') }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
});
