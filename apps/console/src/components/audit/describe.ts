/**
 * An audit row in words: the action, the record (its type and title or name) and each change as
 * "价格：¥6,800.00 → ¥7,200.50", all from the locale files. Money as yuan, statuses by their labels,
 * times in Beijing time. Pure, so a unit test can check every label the server may write exists.
 */
import { type AuditEntry, formatFileSize, formatYuan } from '@yuexun/contract';
import { showTime } from '../time/time';

/** Looks a message up; undefined when the locale has no such key. */
export type Lookup = (id: string, values?: Record<string, string | number>) => string | undefined;

/** Detail keys that name the record (shown with the target, not as a change). */
const NAME_KEYS = ['title', 'name', 'schoolName'] as const;

/** Detail keys shown beside the changes (what was created, exported, ended…); the rest is bookkeeping. */
export const DETAIL_KEYS = [
  'status',
  'priceFen',
  'kind',
  'access',
  'role',
  'permissions',
  'credential',
  'via',
  'reason',
  'rows',
  'keyword',
  'count',
  'all',
  'size',
  'from',
  'revisionId',
  'clearedArticleCovers',
  'clearedProductCovers',
  'clearedProductGalleries',
  'orphan',
  'enabled',
  'secrets',
  'followUp',
  'nextAt',
  'email',
  'strength',
] as const;

/** Where a field's status label lives, by record type. */
const STATUS_PREFIX: Record<string, string> = {
  article: 'content.status.',
  product: 'products.status.',
  lead: 'leads.status.',
  employee: 'staff.status.',
};

/** Where a `kind` label lives, by record type. */
const KIND_PREFIX: Record<string, string> = {
  category: 'content.kind.',
  alert_channel: 'audit.alertKind.',
};

/** Fields whose values are enumerations with their own labels: prefix of the label key. */
const VALUE_PREFIX: Record<string, string> = {
  access: 'staff.access.',
  credential: 'audit.credential.',
  via: 'audit.via.',
  from: 'audit.from.',
  followUp: 'leads.timeline.',
  strength: 'settings.security.',
  schedule: 'backups.schedule.',
};

const isInstant = (field: string, value: string) =>
  /(Time|At)$/.test(field) && /^\d{4}-\d{2}-\d{2}T/.test(value);

export const fieldLabel = (lookup: Lookup, targetType: string, field: string) =>
  (targetType === 'site_settings' ? lookup(`site.settings.field.${field}`) : undefined) ??
  lookup(`field.${field}`) ??
  field;

export const valueText = (lookup: Lookup, targetType: string, field: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return lookup('audit.value.empty') ?? '-';
  if (field === 'priceFen' && typeof value === 'number') return formatYuan(value);
  if (field === 'size' && typeof value === 'number') return formatFileSize(value);
  if (typeof value === 'boolean')
    return lookup(value ? 'audit.value.yes' : 'audit.value.no') ?? String(value);
  if (typeof value === 'string') {
    const prefix =
      field === 'status'
        ? STATUS_PREFIX[targetType]
        : field === 'kind'
          ? KIND_PREFIX[targetType]
          : VALUE_PREFIX[field];
    if (prefix) return lookup(`${prefix}${value}`) ?? value;
    if (isInstant(field, value)) return showTime(value);
    return value;
  }
  // Which secret settings were replaced: their names, never their values.
  if (field === 'secrets' && Array.isArray(value))
    return value.map((name) => fieldLabel(lookup, targetType, String(name))).join('、');
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null))
      return value.join('、') || (lookup('audit.value.empty') ?? '-');
    return lookup('audit.value.changed') ?? '';
  }
  if (typeof value === 'object') return lookup('audit.value.changed') ?? '';
  return String(value);
};

/** "产品「智慧校园平台」", or "员工 #7" when the row names nothing. */
export const targetText = (lookup: Lookup, entry: AuditEntry) => {
  const type = lookup(`audit.target.${entry.targetType}`) ?? entry.targetType;
  const name = NAME_KEYS.map((k) => entry.detail[k]).find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  if (name) return lookup('audit.targetNamed', { type, name }) ?? `${type} ${name}`;
  return /^\d+$/.test(entry.targetId) ? `${type} #${entry.targetId}` : type;
};

export const actionText = (lookup: Lookup, action: string) => lookup(`audit.action.${action}`) ?? action;

/** One line per change, then one per notable detail: "状态：已确认需求 → 已成交". */
export const detailLines = (lookup: Lookup, entry: AuditEntry): string[] => {
  const { targetType, detail } = entry;
  const line = (field: string, text: string) =>
    lookup('audit.line', { field: fieldLabel(lookup, targetType, field), text }) ?? `${field}: ${text}`;
  const lines: string[] = [];
  const changes = detail.changes;
  if (changes && typeof changes === 'object')
    for (const [field, change] of Object.entries(changes as Record<string, unknown>)) {
      if (!Array.isArray(change)) {
        lines.push(line(field, lookup('audit.value.changed') ?? ''));
        continue;
      }
      const [before, after] = change;
      lines.push(
        line(
          field,
          `${valueText(lookup, targetType, field, before)} → ${valueText(lookup, targetType, field, after)}`,
        ),
      );
    }
  for (const key of DETAIL_KEYS) {
    const value = detail[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    lines.push(line(key, valueText(lookup, targetType, key, value)));
  }
  return lines;
};
