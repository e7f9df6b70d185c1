/**
 * The console's rule table (spec §2 template page, §4 statuses, §5 rule form): list with search, sort and
 * paging; create, update and batch delete. Rules belong to a school: any active staff member of the selected
 * school may use that school's rules, never another's.
 */

import { z } from 'zod';
import { defineAction } from './action';
import { fieldBounds } from './field-limits';
import {
  charLength,
  hasControlCharacters,
  oneOf,
  optionalOneOf,
  optionalText,
  positiveInt,
  prepared,
  siteScoped,
  text,
} from './fields';
import { messages } from './messages';
import { pagingInput } from './paging';

/** closed is the default (spec §4). */
export const RULE_STATUSES = ['closed', 'running', 'online', 'abnormal'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
export const RULE_DESCRIPTION_MIN = 5;
export const RULE_SORT_FIELDS = ['callNo', 'updatedAt', 'startTime'] as const;
export const SORT_ORDERS = ['ascend', 'descend'] as const;
/** Ids of one batch delete. */
export const RULE_BATCH_MAX = 100;

export const rule = z.object({
  key: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.enum(RULE_STATUSES),
  /** Service calls, in units of ten thousand as the template shows them. */
  callNo: z.number().int(),
  progress: z.number().int(),
  startTime: z.string(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type Rule = z.infer<typeof rule>;

const isoTime = (label: string) =>
  prepared(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: messages.required(label) })
      .min(1, { error: messages.required(label) })
      .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v), {
        error: `${label}格式不正确`,
      }),
  );

const description = prepared(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.required('描述') })
    .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters('描述'), abort: true })
    .refine((v) => charLength(v) >= RULE_DESCRIPTION_MIN, { error: '描述至少 5 个字' })
    .refine((v) => charLength(v) <= 200, { error: messages.tooLong('描述', 200) }),
).register(fieldBounds, { minLength: RULE_DESCRIPTION_MIN, maxLength: 200 });

/** A client-made key per form opening, so a double click on save creates one rule. */
const requestKey = prepared(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求标识格式不正确' })
    .optional(),
);

export const ruleFields = z.object({
  name: text('规则名称', 50),
  description,
  startTime: isoTime('开始时间'),
  status: oneOf('状态', RULE_STATUSES).default('closed'),
});

export const inquireRuleList = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireRuleList',
  auth: 'tenant',
  summary: '规则列表：按名称、描述、状态筛选，按调用次数、更新时间或开始时间排序，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    name: optionalText('规则名称', 50),
    description: optionalText('描述', 50),
    status: prepared(
      (v) => (v === '' || v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(',')),
      z
        .array(z.enum(RULE_STATUSES, { error: messages.invalidChoice('状态') }))
        .max(4)
        .optional(),
    ),
    sortField: optionalOneOf('排序字段', RULE_SORT_FIELDS),
    sortOrder: optionalOneOf('排序方向', SORT_ORDERS),
  }),
  item: rule,
  result: 'paged',
});

export const createRule = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createRule',
  auth: 'tenant',
  summary: '新建规则：名称必填，描述至少 5 个字，开始时间必选，状态默认关闭；同一 requestKey 只建一条',
  input: siteScoped.extend(ruleFields.shape).extend({ requestKey }),
  item: rule,
  result: 'list',
  mutates: true,
});

export const updateRule = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateRule',
  auth: 'tenant',
  summary: '修改规则的名称、描述、开始时间和状态',
  input: siteScoped.extend(ruleFields.shape).extend({ key: positiveInt('规则编号') }),
  item: rule,
  result: 'list',
  mutates: true,
});

export const deleteRule = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteRule',
  auth: 'tenant',
  summary: '批量删除规则（key 可重复多次），返回删除的条数',
  input: siteScoped.extend({
    key: prepared(
      (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
      z
        .array(positiveInt('规则编号'))
        .min(1, { error: '请选择要删除的规则' })
        .max(RULE_BATCH_MAX, { error: `一次最多删除 ${RULE_BATCH_MAX} 条` }),
    ),
  }),
  item: z.object({ deleted: z.number().int() }),
  result: 'list',
  mutates: true,
});
