/** Form kinds and field types with their Chinese names (zod-free: the console's locales import it cheaply). */

/** 销售咨询, 代理商申请 (the two built-in forms), 预约演示, 资料下载, or the vendor's own. */
export const FORM_KINDS = ['enquiry', 'agent', 'demo', 'download', 'custom'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'mobile',
  'email',
  'number',
  'single',
  'multiple',
  'region',
  'schoolType',
  'date',
  'consent',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const formKindLabels = {
  enquiry: '销售咨询',
  agent: '代理商申请',
  demo: '预约演示',
  download: '资料下载',
  custom: '自定义',
} as const satisfies Record<FormKind, string>;

export const formFieldTypeLabels = {
  text: '单行文本',
  textarea: '多行文本',
  mobile: '手机号',
  email: '电子邮箱',
  number: '数字',
  single: '单选',
  multiple: '多选',
  region: '省市区',
  schoolType: '学校类型',
  date: '日期',
  consent: '同意条款',
} as const satisfies Record<FormFieldType, string>;
