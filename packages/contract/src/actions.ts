/** Every action of the API, by name. The server implements them; clients build typed calls from them. */
import * as account from './account';
import * as news from './news';
import * as store from './store';

export const actions = {
  inquireArticleListByCondition: news.inquireArticleListByCondition,
  inquireArticleDetailByCondition: news.inquireArticleDetailByCondition,
  inquireTagProductListSALEPPublic: store.inquireTagProductListSALEPPublic,
  inquireProductDetailSALEPPublic: store.inquireProductDetailSALEPPublic,
  createCustomerIntentionSALEPPublic: store.createCustomerIntentionSALEPPublic,
  inquireCurrentAccountEmployeeInfoAccount: account.inquireCurrentAccountEmployeeInfoAccount,
  inquireProductUsableListAccount: account.inquireProductUsableListAccount,
  inquireOperationCodeListByProductAccount: account.inquireOperationCodeListByProductAccount,
  logout: account.logout,
  inquireRegisterEmployeeListTenant: account.inquireRegisterEmployeeListTenant,
  loginAccount: account.loginAccount,
  sendCaptchaAccount: account.sendCaptchaAccount,
  inquireTenantListAccount: account.inquireTenantListAccount,
  switchTenantAccount: account.switchTenantAccount,
  confirmRegisterEmployeeTenant: account.confirmRegisterEmployeeTenant,
  inquireSchoolListPublic: account.inquireSchoolListPublic,
  registerTeacherPublic: account.registerTeacherPublic,
} as const;

export type ActionName = keyof typeof actions;
