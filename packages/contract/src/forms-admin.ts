/**
 * 站点管理 → 表单 (store base, staff with forms.write): the vendor's forms, each a list of fields saved as
 * numbered versions (forms.ts). Implemented by server/src/leads/forms-admin.ts.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { requestKeyField, versionField } from './admin-fields';
import { listField, positiveInt, prepared, siteScoped, text } from './fields';
import { formFieldsInput } from './form-definition';
import { FORM_FIELD_TYPES, FORM_KINDS, FORM_PLACEMENTS } from './form-labels';
import { formPlaceMessages } from './form-places';
import {
  FORM_NAME_MAX,
  FORM_SLUG_MAX,
  FORM_SLUG_PATTERN,
  FORM_SUCCESS_MAX,
  type FormField,
  formMessages,
} from './forms';
import { messages } from './messages';

export const formFieldRecord: z.ZodType<FormField> = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  help: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  min: z.number().optional(),
  max: z.number().optional(),
});

export const formRecord = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(FORM_KINDS),
  /** 销售咨询 and 代理商申请: the original lead actions' forms (kind and slug fixed). */
  builtin: z.boolean(),
  enabled: z.boolean(),
  successMessage: z.string(),
  /** The version of the fields a submission is checked against now. */
  currentVersion: z.number().int(),
  fields: z.array(formFieldRecord),
  /** Where else it shows besides /form/{slug} (decision 056). */
  placements: z.array(z.enum(FORM_PLACEMENTS)),
  /** The download form's file (public), linked on its success page; null: none. */
  downloadFileUuid: z.string().nullable(),
  /** Leads sent with this form, every version. */
  leadCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormRecord = z.infer<typeof formRecord>;

const slugField = prepared(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ error: messages.required('访问地址') })
    .max(FORM_SLUG_MAX, { error: formMessages.slugInvalid })
    .regex(FORM_SLUG_PATTERN, { error: formMessages.slugInvalid }),
);

const enabledField = prepared(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: '启用状态格式不正确' }),
);

const placementsField = listField(z.enum(FORM_PLACEMENTS, { error: formPlaceMessages.placementInvalid }), {
  label: '显示位置',
  max: FORM_PLACEMENTS.length,
  error: formPlaceMessages.placementInvalid,
  commas: true,
}).transform((places) => [...new Set(places)]);

/** '' or null clears it. */
const downloadFileField = prepared(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.uuid({ error: formPlaceMessages.downloadFileInvalid }).nullable(),
);

/** New forms are 预约演示, 资料下载 or the vendor's own: the two built-in ones exist once. */
const NEW_FORM_KINDS = ['demo', 'download', 'custom'] as const;

export const inquireFormListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireFormListAdmin',
  auth: 'admin',
  permission: 'forms.write',
  scope: 'site',
  summary: '表单列表（内置的销售咨询、代理商申请在前），含当前版本的字段和线索数',
  input: siteScoped,
  item: formRecord,
  result: 'list',
});

export const inquireFormDetailAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireFormDetailAdmin',
  auth: 'admin',
  permission: 'forms.write',
  scope: 'site',
  summary: '表单详情：当前版本的字段',
  input: siteScoped.extend({ formId: positiveInt('表单编号') }),
  item: formRecord,
  result: 'record',
});

export const createFormAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createFormAdmin',
  auth: 'admin',
  permission: 'forms.write',
  scope: 'site',
  summary:
    '新建表单：名称、类型、访问地址（/form/{slug}）、提交成功提示和字段（第 1 版）；字段标识重复、选项为空、最小值大于最大值或缺少同意条款时拒绝并说明原因；同一 requestKey 只建一个',
  input: siteScoped.extend({
    name: text('表单名称', FORM_NAME_MAX),
    slug: slugField,
    kind: z.enum(NEW_FORM_KINDS, { error: formMessages.builtinKind }),
    successMessage: text('提交成功提示', FORM_SUCCESS_MAX),
    enabled: enabledField.optional(),
    fields: formFieldsInput,
    placements: placementsField.optional(),
    downloadFileUuid: downloadFileField.optional(),
    requestKey: requestKeyField,
  }),
  item: formRecord,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const updateFormAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateFormAdmin',
  auth: 'admin',
  permission: 'forms.write',
  scope: 'site',
  summary:
    '修改表单：名称、访问地址、提交成功提示、启用状态；字段有变化时保存为新版本（已提交的线索仍按其版本显示）；version 不是最新时返回 409',
  input: siteScoped.extend({
    formId: positiveInt('表单编号'),
    name: text('表单名称', FORM_NAME_MAX).optional(),
    slug: slugField.optional(),
    successMessage: text('提交成功提示', FORM_SUCCESS_MAX).optional(),
    enabled: enabledField.optional(),
    fields: formFieldsInput.optional(),
    placements: placementsField.optional(),
    downloadFileUuid: downloadFileField.optional(),
    version: versionField,
  }),
  item: formRecord,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

/** What the lead list's form filter offers (staff who read leads, not only those who design forms). */
export const formChoice = z.object({ id: z.number().int(), name: z.string(), kind: z.enum(FORM_KINDS) });

export const inquireFormChoicesAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireFormChoicesAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '线索列表按表单筛选的选项：每个表单的编号、名称和类型',
  input: siteScoped,
  item: formChoice,
  result: 'list',
});
