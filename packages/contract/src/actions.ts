/** Every action of the API, by name. The server implements them; clients build typed calls from them. */
import * as account from './account';
import * as news from './news';
import * as rule from './rule';
import * as settings from './settings';
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
  inquireRuleList: rule.inquireRuleList,
  createRule: rule.createRule,
  updateRule: rule.updateRule,
  deleteRule: rule.deleteRule,
  inquireAccountSettingsAccount: settings.inquireAccountSettingsAccount,
  saveAccountBasicAccount: settings.saveAccountBasicAccount,
  saveAccountPreferencesAccount: settings.saveAccountPreferencesAccount,
  changePasswordAccount: settings.changePasswordAccount,
} as const;

export type ActionName = keyof typeof actions;
