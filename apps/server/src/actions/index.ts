import { accountActions } from './account/account';
import { loginActions } from './account/login';
import { tenantActions } from './account/tenant';
import { auditActions } from './audit/audit-log';
import { fileAdminActions } from './files/files-admin';
import { articleActions } from './news/articles';
import { articleAdminActions } from './news/articles-admin';
import { categoryAdminActions } from './news/categories-admin';
import type { ActionImpl } from './registry';
import { ruleActions } from './rule/rules';
import { settingsActions } from './settings/settings';
import { leadActions } from './store/leads';
import { leadAdminActions } from './store/leads-admin';
import { productActions } from './store/products';
import { productAdminActions } from './store/products-admin';

// biome-ignore lint/suspicious/noExplicitAny: each implementation is typed by its own contract entry
export const allActions: ActionImpl<any>[] = [
  ...articleActions,
  ...productActions,
  ...leadActions,
  ...loginActions,
  ...accountActions,
  ...tenantActions,
  ...articleAdminActions,
  ...categoryAdminActions,
  ...productAdminActions,
  ...leadAdminActions,
  ...fileAdminActions,
  ...auditActions,
  ...ruleActions,
  ...settingsActions,
];
