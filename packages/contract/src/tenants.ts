/** Tenants (schools; store base, spec §7): switching school, teacher registration and its review. Implemented by server/src/tenants. */
import { z } from 'zod';
import { captcha, currentAccountEmployee, EMPLOYEE_ACCESS } from './accounts';
import { defineAction } from './action';
import { PERSON_NAME_MAX } from './constants';
import { mobilePhone, oneOf, optionalOneOf, optionalText, positiveInt, siteScoped, text } from './fields';
import { messages } from './messages';
import { pagingInput } from './paging';

export const REGISTER_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];

export const registerEmployee = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  registerStatus: z.enum(REGISTER_STATUSES),
  rejectReason: z.string().nullable(),
  appliedAt: z.string(),
});
export type RegisterEmployee = z.infer<typeof registerEmployee>;

export const inquireRegisterEmployeeListTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireRegisterEmployeeListTenant',
  // Applicants' names and phones are personal data: only the school's admins review them.
  auth: 'admin',
  permission: 'staff.write',
  summary: '当前单位的教师注册申请（分页，按状态、关键词筛选；仅管理员）',
  input: siteScoped.extend(pagingInput.shape).extend({
    registerStatus: optionalOneOf('注册状态', REGISTER_STATUSES),
    keyword: optionalText('关键词', 30),
  }),
  item: registerEmployee,
  result: 'paged',
});

export const tenantOption = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  access: z.enum(EMPLOYEE_ACCESS),
  current: z.boolean(),
});
export type TenantOption = z.infer<typeof tenantOption>;

export const inquireTenantListAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireTenantListAccount',
  auth: 'session',
  summary: '当前账号可切换的单位（学校）列表',
  input: siteScoped,
  item: tenantOption,
  result: 'list',
});

export const switchTenantAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'switchTenantAccount',
  auth: 'session',
  summary: '切换当前单位',
  input: siteScoped.extend({ tenantId: positiveInt('单位编号') }),
  item: currentAccountEmployee,
  result: 'list',
  mutates: true,
});

export const confirmRegisterEmployeeTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'confirmRegisterEmployeeTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '审核教师注册申请：通过或驳回（驳回须填写原因），记入审计日志',
  input: siteScoped
    .extend({
      employeeId: positiveInt('员工编号'),
      decision: oneOf('审核结果', ['confirm', 'reject'] as const),
      reason: optionalText('驳回原因', 200),
    })
    .refine((v) => v.decision !== 'reject' || Boolean(v.reason), {
      error: messages.required('驳回原因'),
      path: ['reason'],
    }),
  item: registerEmployee,
  result: 'list',
  mutates: true,
});

export const schoolOption = z.object({ tenantId: z.number().int(), name: z.string(), region: z.string() });

export const inquireSchoolListPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSchoolListPublic',
  auth: 'public',
  summary: '可申请加入的学校列表（教师注册用）',
  input: siteScoped.extend({ keyword: optionalText('关键词', 30) }),
  item: schoolOption,
  result: 'list',
});

export const registerTeacherPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'registerTeacherPublic',
  auth: 'public',
  summary: '教师申请加入学校：姓名、手机号、短信验证码 → 待审核',
  input: siteScoped.extend({
    tenantId: positiveInt('学校'),
    name: text('姓名', PERSON_NAME_MAX),
    phone: mobilePhone(),
    captcha,
  }),
  item: registerEmployee,
  result: 'list',
  mutates: true,
});
