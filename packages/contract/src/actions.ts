/** Every action of the API, by name. The server implements them; clients build typed calls from them. */
import * as account from './account';
import * as articlesAdmin from './articles-admin';
import * as audit from './audit';
import * as categoriesAdmin from './categories-admin';
import * as filesAdmin from './files-admin';
import * as leadsAdmin from './leads-admin';
import * as news from './news';
import * as productsAdmin from './products-admin';
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
  inquireArticleListAdmin: articlesAdmin.inquireArticleListAdmin,
  inquireArticleDetailAdmin: articlesAdmin.inquireArticleDetailAdmin,
  createArticleAdmin: articlesAdmin.createArticleAdmin,
  updateArticleAdmin: articlesAdmin.updateArticleAdmin,
  deleteArticleAdmin: articlesAdmin.deleteArticleAdmin,
  inquireCategoryTreeAdmin: categoriesAdmin.inquireCategoryTreeAdmin,
  createCategoryAdmin: categoriesAdmin.createCategoryAdmin,
  renameCategoryAdmin: categoriesAdmin.renameCategoryAdmin,
  moveCategoryAdmin: categoriesAdmin.moveCategoryAdmin,
  reorderCategoriesAdmin: categoriesAdmin.reorderCategoriesAdmin,
  deleteCategoryAdmin: categoriesAdmin.deleteCategoryAdmin,
  inquireProductListAdmin: productsAdmin.inquireProductListAdmin,
  createProductAdmin: productsAdmin.createProductAdmin,
  updateProductAdmin: productsAdmin.updateProductAdmin,
  deleteProductAdmin: productsAdmin.deleteProductAdmin,
  inquireProductTagListAdmin: productsAdmin.inquireProductTagListAdmin,
  createProductTagAdmin: productsAdmin.createProductTagAdmin,
  updateProductTagAdmin: productsAdmin.updateProductTagAdmin,
  deleteProductTagAdmin: productsAdmin.deleteProductTagAdmin,
  inquireLeadListAdmin: leadsAdmin.inquireLeadListAdmin,
  updateLeadAdmin: leadsAdmin.updateLeadAdmin,
  inquireFileListAdmin: filesAdmin.inquireFileListAdmin,
  deleteFileAdmin: filesAdmin.deleteFileAdmin,
  inquireAuditLogListAdmin: audit.inquireAuditLogListAdmin,
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
