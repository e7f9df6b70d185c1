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
  siteScoped,
  text,
} from './fields';
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

/** A lead as a form sent it, tagged with its kind (LEAD_KINDS). */
export type LeadSubmission = ({ kind: 'sales' } & CustomerIntention) | ({ kind: 'agent' } & AgentApplication);

export const createdRecord = z.object({ id: z.number().int() });

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
