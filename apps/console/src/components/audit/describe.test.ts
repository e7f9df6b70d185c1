/**
 * Every action, record type, field and value the server can write to the audit log has a label in
 * zh-CN (and en-US), so no row shows a raw key; and rows read as a person would say them.
 */
import {
  ALERT_CHANNEL_KINDS,
  ARTICLE_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditEntry,
  articleFields,
  BACKUP_SCHEDULES,
  CATEGORY_KINDS,
  createCategoryAdmin,
  EMPLOYEE_ACCESS,
  LEAD_STATUSES,
  moveCategoryAdmin,
  PASSWORD_LINK_PURPOSES,
  PASSWORD_STRENGTHS,
  PRODUCT_STATUSES,
  productFields,
  STAFF_STATUSES,
  saveMfaPolicyTenant,
  siteSettingsFields,
  staffCredential,
  updateBackupSettingsAdmin,
  updateLeadAdmin,
  updateLeadRouteAdmin,
  updateProductTagAdmin,
  updateRoleTenant,
  updateStaffTenant,
} from '@yuexun/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US';
import { format } from '../../locales/intl';
import zh from '../../locales/zh-CN';
import { DETAIL_KEYS, detailLines, fieldLabel, type Lookup, targetText } from './describe';

const lookupIn =
  (messages: Record<string, string>): Lookup =>
  (id, values) =>
    id in messages ? format(messages[id] as string, values) : undefined;

/** Keys of an action's input that say which record and which version, not what changed. */
const NOT_CHANGES = new Set(['siteId', 'version', 'requestKey', 'tagId', 'leadId', 'employeeId']);
const keysOf = (shape: Record<string, unknown>) => Object.keys(shape).filter((k) => !NOT_CHANGES.has(k));

/** The fields each record type's changes may name: what its editing actions take (price is stored as priceFen). */
const AUDITED_FIELDS: Record<string, string[]> = {
  article: keysOf(articleFields.shape),
  product: [...keysOf(productFields.shape).map((k) => (k === 'price' ? 'priceFen' : k)), 'tagIds'],
  product_tag: keysOf(updateProductTagAdmin.input.shape),
  // The owner is logged by name (owner), not by account id.
  lead: keysOf(updateLeadAdmin.input.shape).map((k) => (k === 'ownerAccountId' ? 'owner' : k)),
  lead_route: keysOf(updateLeadRouteAdmin.input.shape)
    .filter((k) => k !== 'routeId')
    .map((k) => (k === 'ownerAccountId' ? 'owner' : k)),
  // A role change is logged by the role's name (role), not by its id.
  employee: keysOf(updateStaffTenant.input.shape).map((k) => (k === 'roleId' ? 'role' : k)),
  role: keysOf(updateRoleTenant.input.shape).filter((k) => k !== 'roleId'),
  category: [...keysOf(createCategoryAdmin.input.shape), ...keysOf(moveCategoryAdmin.input.shape)].filter(
    (k) => k !== 'categoryId',
  ),
  site_settings: keysOf(siteSettingsFields.shape),
  // Only these two are logged as changes; other settings are logged as "secrets replaced" or not at all.
  alert_channel: ['name', 'enabled'],
  mfa: keysOf(saveMfaPolicyTenant.input.shape),
  backup: keysOf(updateBackupSettingsAdmin.input.shape),
};

/** Enumerated values shown by their labels. */
const LABELLED_VALUES = [
  ...ARTICLE_STATUSES.map((s) => `content.status.${s}`),
  ...PRODUCT_STATUSES.map((s) => `products.status.${s}`),
  ...LEAD_STATUSES.map((s) => `leads.status.${s}`),
  ...STAFF_STATUSES.map((s) => `staff.status.${s}`),
  ...EMPLOYEE_ACCESS.map((s) => `staff.access.${s}`),
  ...CATEGORY_KINDS.map((s) => `content.kind.${s}`),
  ...ALERT_CHANNEL_KINDS.map((s) => `audit.alertKind.${s}`),
  ...staffCredential.shape.credential.options.map((s) => `audit.credential.${s}`),
  ...PASSWORD_LINK_PURPOSES.map((s) => `audit.via.${s}`),
  'audit.from.recycle_bin',
  'audit.via.login',
  ...PASSWORD_STRENGTHS.map((s) => `settings.security.${s}`),
  ...BACKUP_SCHEDULES.map((s) => `backups.schedule.${s}`),
];

describe.each([
  ['zh-CN', zh as Record<string, string>],
  ['en-US', en as Record<string, string>],
])('audit labels in %s', (_lang, messages) => {
  const lookup = lookupIn(messages);
  it('names every action and record type of the contract', () => {
    const missing = [
      ...AUDIT_ACTIONS.map((a) => `audit.action.${a}`),
      ...AUDIT_TARGET_TYPES.map((t) => `audit.target.${t}`),
    ].filter((id) => !(id in messages));
    expect(missing).toEqual([]);
  });

  it('names every field a change may list, every detail shown and every labelled value', () => {
    const unnamed = Object.entries(AUDITED_FIELDS).flatMap(([type, fields]) =>
      fields.filter((f) => fieldLabel(lookup, type, f) === f).map((f) => `${type}.${f}`),
    );
    expect(unnamed).toEqual([]);
    expect(DETAIL_KEYS.filter((k) => fieldLabel(lookup, 'lead', k) === k)).toEqual([]);
    expect(LABELLED_VALUES.filter((id) => !(id in messages))).toEqual([]);
  });
});

describe('an audit row in Chinese', () => {
  const lookup = lookupIn(zh as Record<string, string>);
  const entry = (over: Partial<AuditEntry>): AuditEntry => ({
    id: 1,
    at: '2026-11-24T16:30:00.000Z',
    accountId: 1,
    accountName: '王建国',
    action: 'update',
    targetType: 'product',
    targetId: '7',
    detail: {},
    ...over,
  });

  it('says what a change of the backup schedule changed, the schedule by its label', () => {
    const schedule = entry({
      targetType: 'backup',
      targetId: 'settings',
      detail: { changes: { schedule: ['daily', 'weekly'], keep: [7, 5] } },
    });
    expect(targetText(lookup, schedule)).toBe('备份');
    expect(detailLines(lookup, schedule)).toEqual(['备份计划：每天 → 每周一', '保留份数：7 → 5']);
  });

  it('shows money as yuan and statuses by their labels', () => {
    const price = entry({ detail: { name: '智慧校园平台', changes: { priceFen: [680000, 720050] } } });
    expect(targetText(lookup, price)).toBe('产品「智慧校园平台」');
    expect(detailLines(lookup, price)).toEqual(['价格：¥6,800.00 → ¥7,200.50']);
    const lead = entry({
      targetType: 'lead',
      detail: { schoolName: '西湖小学', changes: { status: ['qualified', 'won'], owner: [null, '张销售'] } },
    });
    expect(detailLines(lookup, lead)).toEqual(['状态：已确认需求 → 已成交', '负责人：（空） → 张销售']);
  });

  it('shows times in Beijing time, long fields as changed and a record without a name by its number', () => {
    const article = entry({
      targetType: 'article',
      action: 'schedule',
      detail: {
        title: '开学典礼',
        changes: {
          status: ['draft', 'scheduled'],
          publishTime: [null, '2026-11-30T16:00:00.000Z'],
          bodyHtml: 'changed',
        },
      },
    });
    expect(detailLines(lookup, article)).toEqual([
      '状态：草稿 → 定时发布',
      '发布时间：（空） → 2026-12-01 00:00',
      '正文：已修改',
    ]);
    expect(targetText(lookup, entry({ targetType: 'employee', detail: {} }))).toBe('员工 #7');
    const reject = entry({
      action: 'register.reject',
      targetType: 'employee',
      detail: { name: '李老师', reason: '非本校教师' },
    });
    expect(targetText(lookup, reject)).toBe('员工「李老师」');
    expect(detailLines(lookup, reject)).toEqual(['原因：非本校教师']);
    const channel = entry({
      targetType: 'alert_channel',
      detail: { name: '值班群', changes: { enabled: [true, false] }, secrets: ['url', 'secret'] },
    });
    expect(targetText(lookup, channel)).toBe('通知渠道「值班群」');
    expect(detailLines(lookup, channel)).toEqual(['启用：是 → 否', '更换的密钥：推送地址、签名密钥']);
  });
});
