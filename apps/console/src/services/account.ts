/** Account, session and tenant calls (contract: packages/contract/src/accounts.ts and tenants.ts). */
import { actions, CONSOLE_APP_KEY, messages } from '@yuexun/contract';
import { type ActionArgs, BusinessError } from '@yuexun/request';
import { call, callList, client } from './client';

/** The current user, or undefined without a session (the 401 itself sends the user to login). */
export const queryCurrentUser = async () => {
  try {
    const res = await call(actions.inquireCurrentAccountEmployeeInfoAccount, undefined, { quiet: true });
    return res.datas[0];
  } catch (error) {
    if (error instanceof BusinessError) return undefined;
    throw error;
  }
};

/**
 * The caller's permissions (docs/decisions/032): the console's operation codes, answered from the role the
 * server checks. A failure grants nothing rather than leading away from the page being opened.
 */
export const queryConsolePermissions = async (): Promise<string[]> => {
  try {
    const res = await client.callAction(
      actions.inquireOperationCodeListByProductAccount,
      { appKey: CONSOLE_APP_KEY },
      { skipErrorHandler: true },
    );
    return res.datas.map((c) => c.code);
  } catch (error) {
    if (error instanceof BusinessError) return [];
    throw error;
  }
};

/** Login shows its own messages (登录成功！ / 登录失败，请重试！ / 验证码错误): no generic display. */
/** One shape per login type (account and password, or phone and SMS code). */
export type LoginInput = ActionArgs<typeof actions.loginAccount>;

export const login = (input: LoginInput) =>
  client.callAction(actions.loginAccount, input, { skipErrorHandler: true });

export const sendCaptcha = (phone: string, purpose: 'login' | 'register' = 'login') =>
  client.callAction(actions.sendCaptchaAccount, { phone, purpose }, { skipErrorHandler: true });

export const logout = () => call(actions.logout);

export const queryRegisterEmployees = (input: ActionArgs<typeof actions.inquireRegisterEmployeeListTenant>) =>
  callList(actions.inquireRegisterEmployeeListTenant, input);

export const confirmRegisterEmployee = (input: ActionArgs<typeof actions.confirmRegisterEmployeeTenant>) =>
  call(actions.confirmRegisterEmployeeTenant, input);

export const querySchools = () => call(actions.inquireSchoolListPublic, {}, { quiet: true });

export const registerTeacher = (input: ActionArgs<typeof actions.registerTeacherPublic>) =>
  client.callAction(actions.registerTeacherPublic, input, { skipErrorHandler: true });

/** Why a login or captcha request failed, for the login page's own wording. */
export const loginFailure = (error: unknown): { kind: 'captcha' | 'other'; text?: string } => {
  if (!(error instanceof BusinessError)) return { kind: 'other' };
  const aboutCaptcha =
    error.errorMessage === messages.captchaWrong || (error.errors ?? []).some((e) => e.field === 'captcha');
  if (aboutCaptcha) return { kind: 'captcha' };
  // Wrong user or password reads 登录失败，请重试！; other answers (too many attempts …) are the server's.
  return { kind: 'other', text: error.errorMessage || undefined };
};

/** The login's second step: the authenticator's code or a recovery code (its own messages, like login). */
export const verifyMfaLogin = (input: ActionArgs<typeof actions.verifyMfaLoginAccount>) =>
  client.callAction(actions.verifyMfaLoginAccount, input, { skipErrorHandler: true });

/** Binding an authenticator during login, when the organisation requires one. */
export const startMfaEnrolmentLogin = (mfaToken: string) =>
  client.callAction(actions.startMfaEnrolmentLoginAccount, { mfaToken }, { skipErrorHandler: true });

/** The organisations the account belongs to (the header's switcher); quiet: the menu simply shows none. */
export const queryTenantOptions = async () => {
  try {
    return (await client.callAction(actions.inquireTenantListAccount, {}, { skipErrorHandler: true })).datas;
  } catch {
    return [];
  }
};

/** Selects another organisation: roles, permissions and pages follow it (the caller refreshes). */
export const switchTenant = (tenantId: number) => call(actions.switchTenantAccount, { tenantId });
