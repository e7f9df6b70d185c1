/** Store base, account and tenant actions of spec §7. Implemented by the accounts feature. */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalPositiveInt, optionalText, siteScoped } from './fields';
import { pagingInput } from './paging';

export const EMPLOYEE_ACCESS = ['admin', 'user'] as const;
export const REGISTER_STATUSES = ['pending', 'confirmed', 'rejected'] as const;

export const currentAccountEmployee = z.object({
  name: z.string(),
  /** File uuid of the avatar; the header builds viewPic.file?fileUuid={photoId}. */
  photoId: z.string().nullable(),
  access: z.enum(EMPLOYEE_ACCESS),
  accountId: z.number().int(),
  accountName: z.string(),
  employeeId: z.number().int().nullable(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  /** Masked, e.g. 138****0000. */
  phone: z.string().nullable(),
});
export type CurrentAccountEmployee = z.infer<typeof currentAccountEmployee>;

export const inquireCurrentAccountEmployeeInfoAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireCurrentAccountEmployeeInfoAccount',
  auth: 'session',
  summary: '当前登录账号及其在当前单位的员工信息',
  input: siteScoped,
  item: currentAccountEmployee,
  result: 'list',
});

export const usableProduct = z.object({
  productId: z.number().int(),
  appKey: z.string(),
  name: z.string(),
  iconFileUuid: z.string().nullable(),
  entryUrl: z.string(),
});

export const inquireProductUsableListAccount = defineAction({
  base: 'store',
  version: 'v1.1',
  name: 'inquireProductUsableListAccount',
  auth: 'session',
  summary: '当前账号在当前单位可用的产品（插件）列表',
  input: siteScoped,
  item: usableProduct,
  result: 'list',
});

export const operationCode = z.object({ code: z.string(), name: z.string(), productId: z.number().int() });

export const inquireOperationCodeListByProductAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireOperationCodeListByProductAccount',
  auth: 'tenant',
  summary: '按产品（appKey 或 productId）查询当前员工可用的操作码',
  input: siteScoped.extend({
    appKey: optionalText('应用标识', 64),
    productId: optionalPositiveInt('产品编号'),
  }),
  item: operationCode,
  result: 'list',
});

export const logout = defineAction({
  base: 'store',
  version: 'v1.1',
  name: 'logout',
  auth: 'session',
  summary: '退出登录，结束当前会话',
  input: siteScoped,
  item: z.object({}),
  result: 'list',
  mutates: true,
});

export const registerEmployee = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  registerStatus: z.enum(REGISTER_STATUSES),
  rejectReason: z.string().nullable(),
  appliedAt: z.string(),
});

export const inquireRegisterEmployeeListTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireRegisterEmployeeListTenant',
  auth: 'tenant',
  summary: '当前单位的教师注册申请（分页，按状态、关键词筛选）',
  input: siteScoped.extend(pagingInput.shape).extend({
    registerStatus: z.enum(REGISTER_STATUSES).optional(),
    keyword: optionalText('关键词', 30),
  }),
  item: registerEmployee,
  result: 'paged',
});
