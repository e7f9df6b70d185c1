/** Staff management calls (contract: packages/contract/src/staff.ts) and the password-link address. */
import {
  changeStaffStatusTenant,
  createStaffTenant,
  inquireMfaPolicyTenant,
  inquirePasswordLinkPublic,
  inquireStaffAuditLogTenant,
  inquireStaffListTenant,
  PASSWORD_LINK_ROUTE,
  resetStaffMfaTenant,
  resetStaffPasswordTenant,
  type StaffStatus,
  saveMfaPolicyTenant,
  setPasswordByLinkPublic,
  unlockStaffTenant,
  updateStaffTenant,
} from '@yuexun/contract';
import { call, callList, callOne, client } from './client';

export type StaffQuery = Parameters<typeof callList<typeof inquireStaffListTenant>>[1];
export type NewStaff = NonNullable<Parameters<typeof call<typeof createStaffTenant>>[1]>;
export type StaffEdit = NonNullable<Parameters<typeof call<typeof updateStaffTenant>>[1]>;

export const listStaff = (query: StaffQuery) => callList(inquireStaffListTenant, query);

/** Form calls are quiet: the form shows field messages itself. */
export const createStaff = async (input: NewStaff) => callOne(createStaffTenant, input, { quiet: true });

export const updateStaff = async (input: StaffEdit) => callOne(updateStaffTenant, input, { quiet: true });

export const changeStaffStatus = async (employeeId: number, status: StaffStatus) =>
  callOne(changeStaffStatusTenant, { employeeId, status });

export const resetStaffPassword = async (employeeId: number) =>
  callOne(resetStaffPasswordTenant, { employeeId });

export const unlockStaff = async (employeeId: number) => callOne(unlockStaffTenant, { employeeId });

export const resetStaffMfa = async (employeeId: number) => callOne(resetStaffMfaTenant, { employeeId });

/** The page a link opens shows its own wording for used, expired and tampered links. */
export const inquirePasswordLink = (token: string) =>
  client.callAction(inquirePasswordLinkPublic, { token }, { skipErrorHandler: true });

export const setPasswordByLink = (token: string, newPassword: string) =>
  client.callAction(setPasswordByLinkPublic, { token, newPassword }, { skipErrorHandler: true });

/** The full address of a password link, for the admin to copy and send. */
export const passwordLinkUrl = (token: string) => {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#${PASSWORD_LINK_ROUTE}?token=${encodeURIComponent(token)}`;
};

/** The school's rule for two-step verification, and the log of its staff, sessions and MFA changes. */
export const readMfaPolicy = async () => (await call(inquireMfaPolicyTenant, {})).datas[0];
export const saveMfaPolicy = async (mfaRequiredForAdmins: boolean) =>
  (await call(saveMfaPolicyTenant, { mfaRequiredForAdmins })).datas[0];
export const listStaffAuditLog = (pageIndex: number, pageSize: number) =>
  callList(inquireStaffAuditLogTenant, { pageIndex, pageSize });
