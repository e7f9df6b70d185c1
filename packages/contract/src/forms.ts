/**
 * Forms the vendor designs (issue 33, docs/decisions/049-forms-as-data.md): a form is data, a list of fields
 * saved as numbered versions; a submission is checked by the schema its current version compiles to
 * (`compileFormSchema`, the one place a definition becomes validation, used by the server and the console's
 * preview). The definition's own checks (`formDefinitionProblems`) refuse what could never be answered.
 * This file holds the limits, messages and types; form-answers.ts checks answers, form-definition.ts checks
 * a definition as staff send it, builtin-forms.ts holds the two seeded forms.
 */
import type { FormFieldType } from './form-labels';

/** The slugs of the two built-in forms (the original lead actions store their leads under them). */
export const BUILTIN_FORM_SLUGS = { enquiry: 'enquiry', agent: 'agent' } as const;

export const FORM_FIELDS_MAX = 40;
export const FORM_OPTIONS_MAX = 50;
export const FORM_OPTION_MAX = 40;
export const FORM_LABEL_MAX = 40;
export const FORM_HELP_MAX = 200;
export const FORM_NAME_MAX = 40;
export const FORM_SUCCESS_MAX = 200;
export const FORM_SLUG_MAX = 40;
/** Longest answer a text field may allow (a 多行文本 at most; one line defaults to 100). */
export const FORM_TEXT_MAX = 2000;
/** A file field's size limit (its `max`, in MB): at most this, 10 when not set. */
export const FORM_FILE_MB_MAX = 20;
export const FORM_FILE_MB_DEFAULT = 10;
export const FORM_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const FORM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** Names the no-JS form post and the submission use for themselves: no field may take them. */
export const FORM_RESERVED_KEYS = [
  'siteId',
  'formId',
  'slug',
  'website',
  'sourcePage',
  'landingPage',
  'referrer',
  'visitId',
  'browserId',
  'answers',
] as const;

export const formMessages = {
  formMissing: '表单不存在或已停用',
  formNotGiven: '请指定表单（formId 或 slug）',
  answersInvalid: '表单内容格式不正确',
  unknownFields: (keys: string) => `表单没有这些项：${keys}`,
  duplicateKey: (key: string) => `字段标识“${key}”重复，每个字段的标识须不同`,
  reservedKey: (key: string) => `字段标识“${key}”为系统保留，请换一个`,
  keyInvalid: '字段标识须以英文字母开头，只含字母、数字和下划线，最多 40 个字符',
  noFields: '表单至少需要一个字段',
  tooManyFields: `表单最多 ${FORM_FIELDS_MAX} 个字段`,
  noOptions: (label: string) => `“${label}”至少需要一个选项`,
  tooManyOptions: (label: string) => `“${label}”最多 ${FORM_OPTIONS_MAX} 个选项`,
  duplicateOption: (label: string, option: string) => `“${label}”的选项“${option}”重复`,
  minAboveMax: (label: string) => `“${label}”的最小值不能大于最大值`,
  limitOutOfRange: (label: string, max: number) => `“${label}”的限制须在 0 到 ${max} 之间`,
  choiceMaxAboveOptions: (label: string) => `“${label}”最多可选数不能超过选项数`,
  oneConsent: '表单最多一条同意条款',
  consentNeeded: '表单须包含一条同意条款（个人信息保护法要求收集联系方式前征得同意）',
  slugInvalid: '访问地址须为小写字母、数字和连字符（-），不以连字符开头或结尾，最多 40 个字符',
  slugTaken: '访问地址已被其他表单使用',
  builtinKind: '销售咨询和代理商申请为内置表单，不能再新建',
  tooShort: (label: string, min: number) => `${label}至少 ${min} 个字`,
  notNumber: (label: string) => `${label}须为数字`,
  numberBelow: (label: string, min: number) => `${label}不能小于 ${min}`,
  numberAbove: (label: string, max: number) => `${label}不能大于 ${max}`,
  emailInvalid: (label: string) => `${label}格式不正确，例如 name@example.com`,
  dateInvalid: (label: string) => `${label}须为日期，例如 2027-03-01`,
  regionInvalid: (label: string) => `${label}须为“省/市/区县”，例如 浙江省/杭州市/西湖区`,
  tooFewChoices: (label: string, min: number) => `${label}至少选择 ${min} 项`,
  tooManyChoices: (label: string, max: number) => `${label}最多选择 ${max} 项`,
  fileNeeded: (label: string) => `请上传${label}`,
  fileTooLarge: (label: string, mb: number) => `${label}不能超过 ${mb}MB`,
  fileRefused: (label: string) =>
    `${label}的文件类型不支持，请上传 PDF、Word、Excel、PowerPoint、图片、文本或 ZIP 文件`,
  fileNotSent: (label: string) => `${label}须随表单以文件上传（multipart/form-data），不能填写文字`,
  fileLimit: (label: string) => `“${label}”的大小上限须在 1 到 ${FORM_FILE_MB_MAX} MB 之间`,
} as const;

/**
 * A file answer as stored: the private file's id and its cleaned name ("<uuid>/<name>"). The server writes it
 * after checking the file; a visitor can never send one (a uuid typed in would link someone else's file).
 */
export const fileAnswerOf = (fileUuid: string, name: string) => `${fileUuid}/${name}`;
export const FILE_ANSWER_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(.+)$/;
export const readFileAnswer = (answer: unknown): { fileUuid: string; name: string } | null => {
  const match = typeof answer === 'string' ? FILE_ANSWER_PATTERN.exec(answer) : null;
  return match ? { fileUuid: match[1] as string, name: match[2] as string } : null;
};

/** One question of a form. `min`/`max`: length (text), value (number) or how many (multiple choice). */
export interface FormField {
  key: string;
  type: FormFieldType;
  label: string;
  help: string;
  required: boolean;
  options: string[];
  min?: number;
  max?: number;
}

/** An answer as stored: text, a number, the ticked consent, or the picked options. */
export type FormAnswer = string | number | boolean | string[];
export type FormAnswers = Record<string, FormAnswer>;
