/**
 * 通知渠道 records: validation per kind, masking of secrets, create / update / delete with the audit line.
 * A blank (or still masked) secret in an update keeps the stored one.
 */
import {
  ALERT_MAIL_TO_MAX,
  ALERT_REGIONS_MAX,
  type AlertChannel,
  type AlertChannelKind,
  alertMessages,
  BusinessCode,
  type LeadKind,
  type RoutedLead,
  SITE_ID,
  type SmtpTlsMode,
} from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alertChannel, customerIntention } from '../db/schema';
import { createAudited } from '../shared/admin/request-key';
import { fieldError, inTransaction, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields, recordAudit } from '../shared/audit';
import { checkSmtpHost, checkWebhookUrl } from './alert-url';

/** What the `config` column holds. */
export interface ChannelConfig {
  url?: string;
  secret?: string;
  smtpHost?: string;
  smtpPort?: number;
  smtpTls?: SmtpTlsMode;
  smtpUser?: string;
  smtpPassword?: string;
  mailFrom?: string;
  mailTo?: string[];
  /** Routing: words one of which a lead's region must contain; empty or absent: every lead. */
  regions?: string[];
  /** Routing: the lead kinds the channel receives; empty or absent: every kind. */
  leadKinds?: LeadKind[];
}

export type ChannelRow = typeof alertChannel.$inferSelect;
export type ChannelSettings = Omit<ChannelConfig, 'mailTo' | 'regions'> & {
  mailTo?: string;
  /** null clears, undefined keeps. */
  regions?: string | null;
};

const MASK = '****';
const SECRET_FIELDS = ['url', 'secret', 'smtpPassword'] as const;

/** The last four characters of a long secret, nothing of a short one. */
export const maskSecret = (value: string | undefined) =>
  !value ? '' : value.length >= 12 ? `${MASK}${value.slice(-4)}` : MASK;

/** A robot address with its key, token or hook id masked (they are the credential). */
export const maskUrl = (value: string | undefined) => {
  if (!value) return '';
  try {
    const url = new URL(value);
    const path = url.pathname
      .split('/')
      .map((part) => (part.length >= 16 ? maskSecret(part) : part))
      .join('/');
    const query = [...url.searchParams.entries()].map(([k, v]) => `${k}=${maskSecret(v)}`).join('&');
    return `${url.origin}${path}${query ? `?${query}` : ''}`;
  } catch {
    return MASK;
  }
};

export const configOf = (row: ChannelRow) => row.config as ChannelConfig;

export const channelView = (row: ChannelRow): AlertChannel => {
  const c = configOf(row);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    url: maskUrl(c.url),
    secret: maskSecret(c.secret),
    smtpHost: c.smtpHost ?? '',
    smtpPort: c.smtpPort ?? null,
    smtpTls: c.smtpTls ?? 'starttls',
    smtpUser: c.smtpUser ?? '',
    smtpPassword: maskSecret(c.smtpPassword),
    mailFrom: c.mailFrom ?? '',
    mailTo: (c.mailTo ?? []).join(', '),
    regions: (c.regions ?? []).join(', '),
    leadKinds: c.leadKinds ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
};

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

const required = (value: unknown, field: string, label: string) => {
  if (value === undefined || value === '')
    throw fieldError(BusinessCode.BAD_REQUEST, field, alertMessages.secretRequired(label));
};

const parseMailTo = (value: string) => {
  const list = value
    .split(/[,;，；\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
  for (const address of list)
    if (!EMAIL.test(address))
      throw fieldError(BusinessCode.BAD_REQUEST, 'mailTo', alertMessages.mailToInvalid(address));
  if (list.length > ALERT_MAIL_TO_MAX)
    throw fieldError(BusinessCode.BAD_REQUEST, 'mailTo', alertMessages.mailToTooMany);
  return list;
};

const parseRegions = (value: string | null | undefined, before: string[] | undefined) => {
  if (value === undefined) return before ?? [];
  const list = [...new Set((value ?? '').split(/[,;，；、\s]+/).filter(Boolean))];
  if (list.length > ALERT_REGIONS_MAX)
    throw fieldError(BusinessCode.BAD_REQUEST, 'regions', alertMessages.regionsTooMany);
  return list;
};

const defaultPort = (tls: SmtpTlsMode) => (tls === 'tls' ? 465 : tls === 'starttls' ? 587 : 25);

/**
 * The stored config after applying `input` over `before` (blank or masked secrets keep the stored value),
 * checked for the kind: what it needs is present, addresses are allowed.
 */
export const mergeConfig = async (
  kind: AlertChannelKind,
  before: ChannelConfig,
  input: ChannelSettings,
  allowPrivate: boolean,
): Promise<ChannelConfig> => {
  const keep = (field: (typeof SECRET_FIELDS)[number]) => {
    const given = input[field];
    return given === undefined || given.includes(MASK) ? before[field] : given;
  };
  if (kind === 'email') {
    const smtpTls = input.smtpTls ?? before.smtpTls ?? 'starttls';
    const next: ChannelConfig = {
      smtpHost: input.smtpHost ?? before.smtpHost,
      smtpTls,
      smtpPort: input.smtpPort ?? before.smtpPort ?? defaultPort(smtpTls),
      smtpUser: input.smtpUser ?? before.smtpUser ?? '',
      smtpPassword: keep('smtpPassword') ?? '',
      mailFrom: input.mailFrom ?? before.mailFrom,
      mailTo: input.mailTo !== undefined ? parseMailTo(input.mailTo) : before.mailTo,
      regions: parseRegions(input.regions, before.regions),
      leadKinds: input.leadKinds ?? before.leadKinds ?? [],
    };
    required(next.smtpHost, 'smtpHost', 'SMTP 服务器');
    required(next.mailFrom, 'mailFrom', '发件人');
    if (!EMAIL.test(next.mailFrom ?? ''))
      throw fieldError(BusinessCode.BAD_REQUEST, 'mailFrom', alertMessages.mailFromInvalid);
    if (!next.mailTo?.length) required('', 'mailTo', '收件人');
    if (next.smtpUser) required(next.smtpPassword, 'smtpPassword', 'SMTP 密码');
    await checkSmtpHost(next.smtpHost ?? '', allowPrivate);
    return next;
  }
  const next: ChannelConfig = {
    url: keep('url'),
    secret: keep('secret') ?? '',
    regions: parseRegions(input.regions, before.regions),
    leadKinds: input.leadKinds ?? before.leadKinds ?? [],
  };
  if (!next.url) throw fieldError(BusinessCode.BAD_REQUEST, 'url', alertMessages.urlRequired);
  if (kind !== 'wecom') required(next.secret, 'secret', '签名密钥');
  await checkWebhookUrl(next.url ?? '', allowPrivate);
  return next;
};

const missing = { field: 'channelId', message: alertMessages.channelMissing };

export const listChannels = async (db: Db) =>
  (
    await db.select().from(alertChannel).where(eq(alertChannel.siteId, SITE_ID)).orderBy(asc(alertChannel.id))
  ).map(channelView);

export const findChannel = async (db: Db, id: number) =>
  (
    await db
      .select()
      .from(alertChannel)
      .where(and(eq(alertChannel.siteId, SITE_ID), eq(alertChannel.id, id)))
  )[0];

/** What channels route a lead by: its kind and region. */
export const leadRouting = async (db: Db, leadId: number): Promise<RoutedLead | null> =>
  (
    await db
      .select({ kind: customerIntention.kind, region: customerIntention.region })
      .from(customerIntention)
      .where(eq(customerIntention.id, leadId))
  )[0] ?? null;

export const enabledChannels = (db: Db) =>
  db
    .select()
    .from(alertChannel)
    .where(and(eq(alertChannel.siteId, SITE_ID), eq(alertChannel.enabled, true)))
    .orderBy(asc(alertChannel.id));

export interface NewChannel extends ChannelSettings {
  name: string;
  kind: AlertChannelKind;
  enabled?: boolean;
}

/** Audit detail without any secret. */
const audited = (name: string, kind: string, enabled: boolean) => ({ name, kind, enabled });

export const createChannel = async (db: Db, actor: Actor, input: NewChannel, allowPrivate: boolean) => {
  const { name, kind, enabled = true, ...settings } = input;
  const config = await mergeConfig(kind, {}, settings, allowPrivate);
  return inTransaction(db, async (tx) => {
    const id = await createAudited(tx, actor, {
      table: alertChannel,
      values: { siteId: SITE_ID, name, kind, enabled, config: { ...config } },
      targetType: 'alert_channel',
      detail: audited(name, kind, enabled),
    });
    const row = await findChannel(tx, id);
    if (!row) throw new Error('created channel not found');
    return channelView(row);
  });
};

export interface ChannelUpdate extends ChannelSettings {
  channelId: number;
  version: number;
  name?: string;
  enabled?: boolean;
}

export const updateChannel = async (db: Db, actor: Actor, input: ChannelUpdate, allowPrivate: boolean) => {
  const { channelId, version, name, enabled, ...settings } = input;
  const current = await findChannel(db, channelId);
  if (!current) throw fieldError(BusinessCode.NOT_FOUND, missing.field, missing.message);
  // Resolving host names is slow: checked before the row is locked.
  const config = await mergeConfig(current.kind, configOf(current), settings, allowPrivate);
  return updateVersioned(db, actor, {
    table: alertChannel,
    id: channelId,
    version,
    missing,
    targetType: 'alert_channel',
    change: (row) => {
      const next = { name: name ?? row.name, enabled: enabled ?? row.enabled };
      const secretsChanged = SECRET_FIELDS.filter((f) => (configOf(row)[f] ?? '') !== (config[f] ?? ''));
      return {
        set: { ...next, config: { ...config } },
        // Changes under `changes`, like every other record, so the log can name them (and keep the name).
        detail: {
          name: next.name,
          changes: changedFields({ name: row.name, enabled: row.enabled }, next),
          ...(secretsChanged.length ? { secrets: secretsChanged } : {}),
        },
      };
    },
    after: (_tx, updated) => channelView(updated),
  });
};

export const deleteChannel = async (db: Db, actor: Actor, id: number) =>
  db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(alertChannel)
      .where(and(eq(alertChannel.siteId, SITE_ID), eq(alertChannel.id, id)))
      .returning();
    if (!gone) throw fieldError(BusinessCode.NOT_FOUND, missing.field, missing.message);
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: 'alert_channel',
      targetId: id,
      detail: audited(gone.name, gone.kind, gone.enabled),
    });
    return { id };
  });
