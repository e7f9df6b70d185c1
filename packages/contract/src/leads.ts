/** Sales leads from the site's forms (store base, public action). Implemented by server/src/leads. */
import { z } from 'zod';
import { defineAction } from './action';
import { ATTRIBUTION_MAX } from './attribution';
import { AGENT_TEAM_SIZES, LEAD_MESSAGE_MAX, LEGACY_SCHOOL_TYPES, SCHOOL_TYPES } from './constants';
import {
  cleanString,
  mobilePhone,
  oneOf,
  optionalPositiveInt,
  optionalText,
  prepared,
  readJsonText,
  siteScoped,
  text,
} from './fields';
import { FORM_SLUG_MAX, FORM_SLUG_PATTERN, type FormAnswers, formMessages } from './forms';
import { optionalVisitId } from './lead-visits';
import { messages } from './messages';

const legacySchoolTypes = new Map<string, string>(Object.entries(LEGACY_SCHOOL_TYPES));

/** 学校类型: today's values, and the older forms' values mapped to theirs (LEGACY_SCHOOL_TYPES). */
export const schoolTypeField = prepared(
  (v) => (typeof v === 'string' ? (legacySchoolTypes.get(v.trim()) ?? v) : v),
  oneOf('学校类型', SCHOOL_TYPES),
);

/** Name of the hidden field bots fill in; people never see it. */
export const HONEYPOT_FIELD = 'website';

/** The form's consent line (PIPL): a ticked checkbox sends "on"; the API may send true. Anything else is refused. */
export const privacyConsentField = prepared(
  (v) => v === true || v === 'on' || v === 'true' || v === '1',
  z.literal(true, { error: messages.privacyConsentRequired }),
);

/** What every lead form sends besides its own fields: where it was sent from, the visit, the honeypot, the consent. */
const formContext = {
  privacyConsent: privacyConsentField,
  sourcePage: optionalText('来源页面', 200),
  /** First page of the visit (path and query) and its referrer, kept by the site's first-party script. */
  landingPage: optionalText('着陆页', ATTRIBUTION_MAX.page),
  referrer: optionalText('来源网址', ATTRIBUTION_MAX.page),
  /** The visit's and browser's ids for the 访问轨迹 (lead-visits.ts); a malformed one is ignored. */
  visitId: optionalVisitId,
  browserId: optionalVisitId,
  [HONEYPOT_FIELD]: cleanString('网址').max(200).optional(),
};

/** 销售咨询: a school or an education bureau (the home page, product pages). */
export const customerIntentionInput = siteScoped.extend({
  contactName: text('联系人姓名', 30),
  phone: mobilePhone(),
  schoolName: text('学校名称', 60),
  region: text('所在地区', 60),
  schoolType: schoolTypeField,
  role: text('您的职务', 30),
  interestedProductId: optionalPositiveInt('意向产品'),
  message: optionalText('需求描述', LEAD_MESSAGE_MAX),
  ...formContext,
});
export type CustomerIntentionInput = z.input<typeof customerIntentionInput>;
export type CustomerIntention = z.output<typeof customerIntentionInput>;

/** 代理商申请: a reseller company (the /agent page); no school fields. */
export const agentApplicationInput = siteScoped.extend({
  companyName: text('公司名称', 60),
  contactName: text('联系人姓名', 30),
  phone: mobilePhone(),
  region: text('代理区域', 60),
  businessScope: text('主营业务', 200),
  teamSize: oneOf('团队规模', AGENT_TEAM_SIZES),
  message: optionalText('补充说明', LEAD_MESSAGE_MAX),
  ...formContext,
});
export type AgentApplicationInput = z.input<typeof agentApplicationInput>;
export type AgentApplication = z.output<typeof agentApplicationInput>;

/** What a designed form's submission carries besides its answers (the consent is one of the answers). */
const { privacyConsent: _consent, ...visitContext } = formContext;

/**
 * 提交表单: a form the vendor designed (forms.ts), named by id or by slug; the answers (an object, or its JSON
 * text) are checked by the server against the form's current version.
 */
export const submitFormInput = siteScoped
  .extend({
    formId: optionalPositiveInt('表单编号'),
    slug: prepared(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
      z
        .string()
        .max(FORM_SLUG_MAX, { error: formMessages.formMissing })
        .regex(FORM_SLUG_PATTERN, { error: formMessages.formMissing })
        .optional(),
    ),
    answers: prepared(
      readJsonText,
      z.record(z.string(), z.unknown(), { error: formMessages.answersInvalid }),
    ),
    ...visitContext,
  })
  .refine((v) => v.formId !== undefined || v.slug !== undefined, {
    error: formMessages.formNotGiven,
    path: ['formId'],
  });
export type SubmitFormInput = z.output<typeof submitFormInput>;

/** The form a lead was sent with, the version it was checked against, and its answers. */
export interface LeadFormAnswers {
  formId: number;
  formVersion: number;
  answers: FormAnswers;
}

/** A lead as a form sent it, tagged with its kind (LEAD_KINDS), with its form and answers when known. */
export type LeadSubmission = (
  | ({ kind: 'sales' } & CustomerIntention)
  | ({ kind: 'agent' } & AgentApplication)
) & { form?: LeadFormAnswers };

/** A lead as the server takes it: a designed form need not ask 学校类型, so its sales lead may come without one. */
export type ReceivedLead =
  | LeadSubmission
  | ({ kind: 'sales'; form: LeadFormAnswers } & Omit<CustomerIntention, 'schoolType'> &
      Partial<Pick<CustomerIntention, 'schoolType'>>);

/** The new lead's id, and its owner's 企业微信联系我 QR code when it was ready in time (decision 062). */
export const createdRecord = z.object({
  id: z.number().int(),
  wecomQrCode: z.string().optional(),
  /** The owner's 获客链接 (企业微信客户联系 in 获客链接 mode): opens WeCom in one tap on a phone. */
  wecomLink: z.string().optional(),
});

export const createCustomerIntentionSALEPPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createCustomerIntentionSALEPPublic',
  auth: 'public',
  summary: '提交合作意向（销售线索）；同一手机号 10 分钟内重复提交返回已有记录',
  input: customerIntentionInput,
  item: createdRecord,
  result: 'record',
  mutates: true,
});

export const createAgentApplicationSALEPPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createAgentApplicationSALEPPublic',
  auth: 'public',
  summary:
    '提交代理商申请（公司名称、代理区域、主营业务、团队规模）；同一手机号 10 分钟内重复提交返回已有记录',
  input: agentApplicationInput,
  item: createdRecord,
  result: 'record',
  mutates: true,
});

export const submitFormSALEPPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'submitFormSALEPPublic',
  auth: 'public',
  summary:
    '提交站点表单（表单编号 formId 或访问地址 slug，answers 为各字段的回答）：按表单当前版本校验，表单不存在或已停用、缺少必填项、多出表单没有的项时拒绝；返回线索编号和表单的提交成功提示',
  input: submitFormInput,
  item: createdRecord,
  result: 'record',
  mutates: true,
});
