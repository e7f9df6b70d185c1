import { accountActions } from './account/account';
import { loginActions } from './account/login';
import { tenantActions } from './account/tenant';
import { articleActions } from './news/articles';
import type { ActionImpl } from './registry';
import { leadActions } from './store/leads';
import { productActions } from './store/products';

// biome-ignore lint/suspicious/noExplicitAny: each implementation is typed by its own contract entry
export const allActions: ActionImpl<any>[] = [
  ...articleActions,
  ...productActions,
  ...leadActions,
  ...loginActions,
  ...accountActions,
  ...tenantActions,
];
