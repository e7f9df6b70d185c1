/** The built-in forms, seeded with the fields of the original lead actions (forms.ts). */
import { AGENT_TEAM_SIZES, LEAD_MESSAGE_MAX } from './constants';
import type { FormFieldType, FormKind } from './form-labels';
import { BUILTIN_FORM_SLUGS, type FormField } from './forms';
import { messages, teamSizeLabels } from './messages';

const field = (
  key: string,
  type: FormFieldType,
  label: string,
  help: string,
  required: boolean,
  extra: Partial<FormField> = {},
): FormField => ({ key, type, label, help, required, options: [], ...extra });

const consentLine = field(
  'privacyConsent',
  'consent',
  '我已阅读并同意《隐私政策》，同意悦讯就本次咨询使用以上信息与我联系',
  '',
  true,
);

export interface BuiltinForm {
  slug: string;
  kind: FormKind;
  name: string;
  successMessage: string;
  fields: FormField[];
}

/** 销售咨询 and 代理商申请 as `createCustomerIntentionSALEPPublic` and the /agent form ask them today. */
export const BUILTIN_FORMS: readonly BuiltinForm[] = [
  {
    slug: BUILTIN_FORM_SLUGS.enquiry,
    kind: 'enquiry',
    name: '销售咨询',
    successMessage: messages.leadCreated,
    fields: [
      field('contactName', 'text', '联系人姓名', '例如：王老师', true, { max: 30 }),
      field('phone', 'mobile', '手机号', '11 位手机号', true),
      field('schoolName', 'text', '学校名称', '例如：杭州市文三路小学', true, { max: 60 }),
      field('region', 'text', '所在地区', '例如：浙江省杭州市西湖区', true, { max: 60 }),
      field('schoolType', 'schoolType', '学校类型', '', true),
      field('role', 'text', '您的职务', '例如：信息中心主任', true, { max: 30 }),
      field('message', 'textarea', '需求描述', '希望了解的产品、学校规模或其他需求（选填）', false, {
        max: LEAD_MESSAGE_MAX,
      }),
      consentLine,
    ],
  },
  {
    slug: BUILTIN_FORM_SLUGS.agent,
    kind: 'agent',
    name: '代理商申请',
    successMessage: messages.leadCreated,
    fields: [
      field('companyName', 'text', '公司名称', '例如：西安智联教育科技有限公司', true, { max: 60 }),
      field('contactName', 'text', '联系人姓名', '例如：马经理', true, { max: 30 }),
      field('phone', 'mobile', '手机号', '11 位手机号', true),
      field('region', 'text', '代理区域', '希望代理的省市，例如：陕西省', true, { max: 60 }),
      field('businessScope', 'text', '主营业务', '例如：教育信息化系统集成，已服务 20 所学校', true, {
        max: 200,
      }),
      field('teamSize', 'single', '团队规模', '', true, {
        options: AGENT_TEAM_SIZES.map((size) => teamSizeLabels[size]),
      }),
      field('message', 'textarea', '补充说明', '已有客户、合作经历或其他想说明的情况（选填）', false, {
        max: LEAD_MESSAGE_MAX,
      }),
      consentLine,
    ],
  },
];
