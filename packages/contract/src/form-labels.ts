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
  'file',
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
  file: '文件上传',
  consent: '同意条款',
} as const satisfies Record<FormFieldType, string>;

/** Article kinds a form can go under, then the products and the home page. */
export const FORM_PLACEMENTS = ['solution', 'case', 'news', 'service', 'home', 'product'] as const;
export type FormPlacement = (typeof FORM_PLACEMENTS)[number];

export const formPlacementLabels = {
  solution: '解决方案文章下方',
  case: '示范案例文章下方',
  news: '新闻文章下方',
  service: '服务文章下方',
  home: '首页“预约演示”栏目',
  product: '产品详情页下方',
} as const satisfies Record<FormPlacement, string>;
