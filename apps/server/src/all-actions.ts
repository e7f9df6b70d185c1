import { accountActions } from './accounts/account';
import { loginActions } from './accounts/login';
import { scanLoginActions } from './accounts/scan-login';
import { ssoActions } from './accounts/sso';
import { adConversionActions } from './ad-conversions/ad-conversions-admin';
import { aiHelpActions } from './ai-help/ai-help-admin';
import { alertActions } from './alerts/alerts-admin';
import { articleLifecycleActions } from './articles/article-lifecycle';
import { articleReviewActions } from './articles/article-review';
import { articleActions } from './articles/articles';
import { articleAdminActions } from './articles/articles-admin';
import { auditActions } from './audit/audit-log';
import { backupActions } from './backups/backups-admin';
import { categoryAdminActions } from './categories/categories-admin';
import { contentHistoryActions } from './content-history/content-history';
import { fileLibraryActions } from './files/file-library';
import { fileRevisionActions } from './files/file-revisions';
import { fileAdminActions } from './files/files-admin';
import { homePageActions } from './home-page/home-page-admin';
import type { ActionImpl } from './http/registry';
import { formAdminActions } from './leads/forms-admin';
import { leadPipelineActions } from './leads/lead-pipeline-admin';
import { leadPoolActions } from './leads/lead-pool-admin';
import { leadScoreActions } from './leads/lead-score-admin';
import { leadViewActions } from './leads/lead-views';
import { leadActions } from './leads/leads';
import { leadAdminActions } from './leads/leads-admin';
import { schoolAccountActions } from './leads/school-accounts-admin';
import { navigationActions } from './navigation/navigation-admin';
import { pageSeoActions } from './page-seo/page-seo-admin';
import { productReviewActions } from './products/product-review';
import { productActions } from './products/products';
import { productAdminActions } from './products/products-admin';
import { redirectActions } from './redirects/redirects-admin';
import { ruleActions } from './rules/rules';
import { searchPushActions } from './search-push/search-push-admin';
import { settingsActions } from './settings/settings';
import { siteSettingsActions } from './site-settings/site-settings';
import { leaverActions } from './staff/leavers';
import { roleActions } from './staff/roles';
import { sessionActions } from './staff/sessions';
import { staffActions } from './staff/staff';
import { staffNoticeActions } from './staff/staff-notices';
import { statsAdminActions } from './stats/stats-admin';
import { tenantActions } from './tenants/tenant';
import { wecomContactActions } from './wecom-contact/wecom-contact-admin';

// biome-ignore lint/suspicious/noExplicitAny: each implementation is typed by its own contract entry
export const allActions: ActionImpl<any>[] = [
  ...articleActions,
  ...productActions,
  ...leadActions,
  ...loginActions,
  ...ssoActions,
  ...scanLoginActions,
  ...adConversionActions,
  ...wecomContactActions,
  ...aiHelpActions,
  ...accountActions,
  ...tenantActions,
  ...articleAdminActions,
  ...categoryAdminActions,
  ...productAdminActions,
  ...productReviewActions,
  ...leadAdminActions,
  ...formAdminActions,
  ...leadScoreActions,
  ...leadPipelineActions,
  ...leadPoolActions,
  ...schoolAccountActions,
  ...leadViewActions,
  ...alertActions,
  ...fileAdminActions,
  ...fileRevisionActions,
  ...fileLibraryActions,
  ...auditActions,
  ...articleLifecycleActions,
  ...articleReviewActions,
  ...contentHistoryActions,
  ...ruleActions,
  ...settingsActions,
  ...staffActions,
  ...leaverActions,
  ...roleActions,
  ...sessionActions,
  ...staffNoticeActions,
  ...siteSettingsActions,
  ...statsAdminActions,
  ...searchPushActions,
  ...redirectActions,
  ...navigationActions,
  ...pageSeoActions,
  ...homePageActions,
  ...backupActions,
];
