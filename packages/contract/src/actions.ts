/** Every action of the API, by name. The server implements them; clients build typed calls from them. */
import * as accounts from './accounts';
import * as adConversions from './ad-conversions';
import * as aiHelp from './ai-help';
import * as alerts from './alerts';
import * as articleReview from './article-review';
import * as articles from './articles';
import * as articlesAdmin from './articles-admin';
import * as audit from './audit';
import * as backups from './backups';
import * as categoriesAdmin from './categories-admin';
import * as contentHistory from './content-history';
import * as fileLibrary from './file-library';
import * as filePictures from './file-pictures';
import * as fileRevisions from './file-revisions';
import * as filesAdmin from './files-admin';
import * as formConversion from './form-conversion';
import * as formsAdmin from './forms-admin';
import * as homePage from './home-page';
import * as leadPipeline from './lead-pipeline';
import * as leadPool from './lead-pool';
import * as leadScore from './lead-score';
import * as leadViews from './lead-views';
import * as leadVisits from './lead-visits';
import * as leads from './leads';
import * as leadsAdmin from './leads-admin';
import * as leavers from './leavers';
import * as mfa from './mfa';
import * as navigation from './navigation';
import * as pageSeo from './page-seo';
import * as productReview from './product-review';
import * as products from './products';
import * as productsAdmin from './products-admin';
import * as redirects from './redirects';
import * as roles from './roles';
import * as rules from './rules';
import * as scanLogin from './scan-login';
import * as schoolAccounts from './school-accounts';
import * as searchPush from './search-push';
import * as sessions from './sessions';
import * as settings from './settings';
import * as siteSettings from './site-settings';
import * as sso from './sso';
import * as ssoLog from './sso-log';
import * as staff from './staff';
import * as staffNotices from './staff-notices';
import * as stats from './stats';
import * as tenants from './tenants';
import * as wecomContact from './wecom-contact';

export const actions = {
  inquireArticleListByCondition: articles.inquireArticleListByCondition,
  inquireArticleDetailByCondition: articles.inquireArticleDetailByCondition,
  inquireTagProductListSALEPPublic: products.inquireTagProductListSALEPPublic,
  inquireProductDetailSALEPPublic: products.inquireProductDetailSALEPPublic,
  createCustomerIntentionSALEPPublic: leads.createCustomerIntentionSALEPPublic,
  createAgentApplicationSALEPPublic: leads.createAgentApplicationSALEPPublic,
  submitFormSALEPPublic: leads.submitFormSALEPPublic,
  inquireFormListAdmin: formsAdmin.inquireFormListAdmin,
  inquireFormDetailAdmin: formsAdmin.inquireFormDetailAdmin,
  createFormAdmin: formsAdmin.createFormAdmin,
  updateFormAdmin: formsAdmin.updateFormAdmin,
  inquireFormChoicesAdmin: formsAdmin.inquireFormChoicesAdmin,
  inquireCurrentAccountEmployeeInfoAccount: accounts.inquireCurrentAccountEmployeeInfoAccount,
  inquireProductUsableListAccount: accounts.inquireProductUsableListAccount,
  inquireOperationCodeListByProductAccount: accounts.inquireOperationCodeListByProductAccount,
  logout: accounts.logout,
  inquireRegisterEmployeeListTenant: tenants.inquireRegisterEmployeeListTenant,
  loginAccount: accounts.loginAccount,
  sendCaptchaAccount: accounts.sendCaptchaAccount,
  inquireTenantListAccount: tenants.inquireTenantListAccount,
  switchTenantAccount: tenants.switchTenantAccount,
  confirmRegisterEmployeeTenant: tenants.confirmRegisterEmployeeTenant,
  inquireSchoolListPublic: tenants.inquireSchoolListPublic,
  registerTeacherPublic: tenants.registerTeacherPublic,
  inquireArticleListAdmin: articlesAdmin.inquireArticleListAdmin,
  inquireArticleDetailAdmin: articlesAdmin.inquireArticleDetailAdmin,
  createArticleAdmin: articlesAdmin.createArticleAdmin,
  updateArticleAdmin: articlesAdmin.updateArticleAdmin,
  deleteArticleAdmin: articlesAdmin.deleteArticleAdmin,
  createArticlePreviewAdmin: articlesAdmin.createArticlePreviewAdmin,
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
  eraseLeadsOfPhoneAdmin: leadsAdmin.eraseLeadsOfPhoneAdmin,
  inquireLeadSourceListAdmin: leadsAdmin.inquireLeadSourceListAdmin,
  inquireLeadOwnerListAdmin: leadPipeline.inquireLeadOwnerListAdmin,
  inquireLeadTimelineAdmin: leadPipeline.inquireLeadTimelineAdmin,
  inquireLeadVisitsAdmin: leadVisits.inquireLeadVisitsAdmin,
  inquireLeadScoreRulesAdmin: leadScore.inquireLeadScoreRulesAdmin,
  inquireFormConversionAdmin: formConversion.inquireFormConversionAdmin,
  updateLeadScoreRulesAdmin: leadScore.updateLeadScoreRulesAdmin,
  addLeadFollowUpAdmin: leadPipeline.addLeadFollowUpAdmin,
  markLeadSeenAdmin: leadPipeline.markLeadSeenAdmin,
  inquireLeadBadgeAdmin: leadPipeline.inquireLeadBadgeAdmin,
  inquireLeadRouteListAdmin: leadPipeline.inquireLeadRouteListAdmin,
  createLeadRouteAdmin: leadPipeline.createLeadRouteAdmin,
  updateLeadRouteAdmin: leadPipeline.updateLeadRouteAdmin,
  deleteLeadRouteAdmin: leadPipeline.deleteLeadRouteAdmin,
  inquireLeadViewListAdmin: leadViews.inquireLeadViewListAdmin,
  saveLeadViewAdmin: leadViews.saveLeadViewAdmin,
  deleteLeadViewAdmin: leadViews.deleteLeadViewAdmin,
  inquireFileListAdmin: filesAdmin.inquireFileListAdmin,
  deleteFileAdmin: filesAdmin.deleteFileAdmin,
  inquireOrphanFileListAdmin: filesAdmin.inquireOrphanFileListAdmin,
  inquireFileUsageAdmin: filesAdmin.inquireFileUsageAdmin,
  deleteOrphanFilesAdmin: filesAdmin.deleteOrphanFilesAdmin,
  updateFilePictureAdmin: filePictures.updateFilePictureAdmin,
  replaceFileAdmin: fileRevisions.replaceFileAdmin,
  inquireFileRevisionListAdmin: fileRevisions.inquireFileRevisionListAdmin,
  restoreFileRevisionAdmin: fileRevisions.restoreFileRevisionAdmin,
  inquireFileFolderListAdmin: fileLibrary.inquireFileFolderListAdmin,
  createFileFolderAdmin: fileLibrary.createFileFolderAdmin,
  updateFileFolderAdmin: fileLibrary.updateFileFolderAdmin,
  deleteFileFolderAdmin: fileLibrary.deleteFileFolderAdmin,
  moveFilesAdmin: fileLibrary.moveFilesAdmin,
  tagFilesAdmin: fileLibrary.tagFilesAdmin,
  inquireFileTagListAdmin: fileLibrary.inquireFileTagListAdmin,
  inquireAuditLogListAdmin: audit.inquireAuditLogListAdmin,
  inquireAuditPersonListAdmin: audit.inquireAuditPersonListAdmin,
  inquireRevisionListAdmin: contentHistory.inquireRevisionListAdmin,
  inquireRevisionDetailAdmin: contentHistory.inquireRevisionDetailAdmin,
  restoreRevisionAdmin: contentHistory.restoreRevisionAdmin,
  changeArticleStatusAdmin: contentHistory.changeArticleStatusAdmin,
  submitArticleReviewAdmin: articleReview.submitArticleReviewAdmin,
  inquireArticleReviewListAdmin: articleReview.inquireArticleReviewListAdmin,
  inquireArticleReviewDetailAdmin: articleReview.inquireArticleReviewDetailAdmin,
  approveArticleReviewAdmin: articleReview.approveArticleReviewAdmin,
  returnArticleReviewAdmin: articleReview.returnArticleReviewAdmin,
  submitProductReviewAdmin: productReview.submitProductReviewAdmin,
  inquireProductReviewListAdmin: productReview.inquireProductReviewListAdmin,
  inquireProductReviewDetailAdmin: productReview.inquireProductReviewDetailAdmin,
  approveProductReviewAdmin: productReview.approveProductReviewAdmin,
  returnProductReviewAdmin: productReview.returnProductReviewAdmin,
  autosaveArticleAdmin: contentHistory.autosaveArticleAdmin,
  inquireRecycleBinAdmin: contentHistory.inquireRecycleBinAdmin,
  restoreFromRecycleBinAdmin: contentHistory.restoreFromRecycleBinAdmin,
  inquireRuleList: rules.inquireRuleList,
  createRule: rules.createRule,
  updateRule: rules.updateRule,
  deleteRule: rules.deleteRule,
  inquireAccountSettingsAccount: settings.inquireAccountSettingsAccount,
  saveAccountBasicAccount: settings.saveAccountBasicAccount,
  saveAccountPreferencesAccount: settings.saveAccountPreferencesAccount,
  changePasswordAccount: settings.changePasswordAccount,
  inquireStaffListTenant: staff.inquireStaffListTenant,
  inquireRoleListTenant: roles.inquireRoleListTenant,
  createRoleTenant: roles.createRoleTenant,
  updateRoleTenant: roles.updateRoleTenant,
  deleteRoleTenant: roles.deleteRoleTenant,
  setRoleMfaRequiredTenant: roles.setRoleMfaRequiredTenant,
  createStaffTenant: staff.createStaffTenant,
  updateStaffTenant: staff.updateStaffTenant,
  changeStaffStatusTenant: staff.changeStaffStatusTenant,
  resetStaffPasswordTenant: staff.resetStaffPasswordTenant,
  unlockStaffTenant: staff.unlockStaffTenant,
  resetStaffMfaTenant: staff.resetStaffMfaTenant,
  inquirePasswordLinkPublic: staff.inquirePasswordLinkPublic,
  setPasswordByLinkPublic: staff.setPasswordByLinkPublic,
  inquireSessionListAccount: sessions.inquireSessionListAccount,
  endSessionAccount: sessions.endSessionAccount,
  inquireSignInHistoryAccount: sessions.inquireSignInHistoryAccount,
  inquireStaffSessionListTenant: sessions.inquireStaffSessionListTenant,
  endStaffSessionsTenant: sessions.endStaffSessionsTenant,
  inquireStaffSignInHistoryTenant: sessions.inquireStaffSignInHistoryTenant,
  inquireStaffAuditLogTenant: audit.inquireStaffAuditLogTenant,
  verifyMfaLoginAccount: mfa.verifyMfaLoginAccount,
  startMfaEnrolmentLoginAccount: mfa.startMfaEnrolmentLoginAccount,
  startMfaEnrolmentAccount: mfa.startMfaEnrolmentAccount,
  confirmMfaEnrolmentAccount: mfa.confirmMfaEnrolmentAccount,
  disableMfaAccount: mfa.disableMfaAccount,
  regenerateMfaRecoveryCodesAccount: mfa.regenerateMfaRecoveryCodesAccount,
  inquireMfaPolicyTenant: mfa.inquireMfaPolicyTenant,
  saveMfaPolicyTenant: mfa.saveMfaPolicyTenant,
  sendBackupEmailCodeAccount: mfa.sendBackupEmailCodeAccount,
  verifyBackupEmailAccount: mfa.verifyBackupEmailAccount,
  inquireSiteSettingsAdmin: siteSettings.inquireSiteSettingsAdmin,
  updateSiteSettingsAdmin: siteSettings.updateSiteSettingsAdmin,
  inquireSiteSettingsRevisionListAdmin: siteSettings.inquireSiteSettingsRevisionListAdmin,
  inquireAlertChannelListAdmin: alerts.inquireAlertChannelListAdmin,
  createAlertChannelAdmin: alerts.createAlertChannelAdmin,
  updateAlertChannelAdmin: alerts.updateAlertChannelAdmin,
  deleteAlertChannelAdmin: alerts.deleteAlertChannelAdmin,
  testAlertChannelAdmin: alerts.testAlertChannelAdmin,
  inquireAlertDeliveryListAdmin: alerts.inquireAlertDeliveryListAdmin,
  resendAlertDeliveryAdmin: alerts.resendAlertDeliveryAdmin,
  inquireStatsOverviewAdmin: stats.inquireStatsOverviewAdmin,
  inquireStatsTableAdmin: stats.inquireStatsTableAdmin,
  inquireSpiderLogAdmin: stats.inquireSpiderLogAdmin,
  inquireSearchPushListAdmin: searchPush.inquireSearchPushListAdmin,
  inquireSearchPushStatusAdmin: searchPush.inquireSearchPushStatusAdmin,
  resendSearchPushAdmin: searchPush.resendSearchPushAdmin,
  inquireRedirectRuleListAdmin: redirects.inquireRedirectRuleListAdmin,
  createRedirectRuleAdmin: redirects.createRedirectRuleAdmin,
  updateRedirectRuleAdmin: redirects.updateRedirectRuleAdmin,
  deleteRedirectRuleAdmin: redirects.deleteRedirectRuleAdmin,
  inquireNotFoundListAdmin: redirects.inquireNotFoundListAdmin,
  deleteNotFoundAdmin: redirects.deleteNotFoundAdmin,
  inquireNavigationAdmin: navigation.inquireNavigationAdmin,
  updateNavigationAdmin: navigation.updateNavigationAdmin,
  inquirePageSeoListAdmin: pageSeo.inquirePageSeoListAdmin,
  updatePageSeoAdmin: pageSeo.updatePageSeoAdmin,
  updateCategorySeoAdmin: pageSeo.updateCategorySeoAdmin,
  inquireBannerListAdmin: homePage.inquireBannerListAdmin,
  createBannerAdmin: homePage.createBannerAdmin,
  updateBannerAdmin: homePage.updateBannerAdmin,
  deleteBannerAdmin: homePage.deleteBannerAdmin,
  inquireHomeLayoutAdmin: homePage.inquireHomeLayoutAdmin,
  updateHomeLayoutAdmin: homePage.updateHomeLayoutAdmin,
  inquireBackupListAdmin: backups.inquireBackupListAdmin,
  updateBackupSettingsAdmin: backups.updateBackupSettingsAdmin,
  startBackupAdmin: backups.startBackupAdmin,
  inquireSignInSettingsAdmin: sso.inquireSignInSettingsAdmin,
  updateSignInSettingsAdmin: sso.updateSignInSettingsAdmin,
  inquireIdentityBindingsAccount: sso.inquireIdentityBindingsAccount,
  unbindIdentityAccount: sso.unbindIdentityAccount,
  inquireSsoSignInLogAdmin: ssoLog.inquireSsoSignInLogAdmin,
  testSsoConnectionAdmin: ssoLog.testSsoConnectionAdmin,
  inquireStaffNoticeListAccount: staffNotices.inquireStaffNoticeListAccount,
  readStaffNoticeAccount: staffNotices.readStaffNoticeAccount,
  inquireScanLoginAdmin: scanLogin.inquireScanLoginAdmin,
  updateScanLoginAdmin: scanLogin.updateScanLoginAdmin,
  testScanLoginAdmin: scanLogin.testScanLoginAdmin,
  inquireLeaverSyncAdmin: leavers.inquireLeaverSyncAdmin,
  updateLeaverSyncAdmin: leavers.updateLeaverSyncAdmin,
  runLeaverSyncAdmin: leavers.runLeaverSyncAdmin,
  inquireAdConversionSettingsAdmin: adConversions.inquireAdConversionSettingsAdmin,
  updateAdConversionSettingsAdmin: adConversions.updateAdConversionSettingsAdmin,
  inquireWecomContactSettingsAdmin: wecomContact.inquireWecomContactSettingsAdmin,
  updateWecomContactSettingsAdmin: wecomContact.updateWecomContactSettingsAdmin,
  inquireLeadWecomContactAdmin: wecomContact.inquireLeadWecomContactAdmin,
  inquireAdConversionCountsAdmin: adConversions.inquireAdConversionCountsAdmin,
  inquireAiSettingsAdmin: aiHelp.inquireAiSettingsAdmin,
  updateAiSettingsAdmin: aiHelp.updateAiSettingsAdmin,
  inquireAiUsageAdmin: aiHelp.inquireAiUsageAdmin,
  inquireLeadPoolSettingsAdmin: leadPool.inquireLeadPoolSettingsAdmin,
  updateLeadPoolSettingsAdmin: leadPool.updateLeadPoolSettingsAdmin,
  inquireLeadPoolAdmin: leadPool.inquireLeadPoolAdmin,
  claimPoolLeadAdmin: leadPool.claimPoolLeadAdmin,
  returnLeadToPoolAdmin: leadPool.returnLeadToPoolAdmin,
  inquireLeadPoolStatsAdmin: leadPool.inquireLeadPoolStatsAdmin,
  inquireSchoolAccountListAdmin: schoolAccounts.inquireSchoolAccountListAdmin,
  inquireSchoolAccountAdmin: schoolAccounts.inquireSchoolAccountAdmin,
  setLeadSchoolAccountAdmin: schoolAccounts.setLeadSchoolAccountAdmin,
  mergeLeadsAdmin: schoolAccounts.mergeLeadsAdmin,
  mergeSchoolAccountsAdmin: schoolAccounts.mergeSchoolAccountsAdmin,
  undoLeadMergeAdmin: schoolAccounts.undoLeadMergeAdmin,
} as const;

export type ActionName = keyof typeof actions;
