import { z } from 'zod';

// Generic zod messages in Chinese, the product language; field messages are set per schema.
z.config(z.locales.zhCN());

export * from './account';
export * from './action';
export * from './actions';
export * from './admin-fields';
export * from './alerts';
export * from './articles-admin';
export * from './attribution';
export * from './audit';
export * from './categories-admin';
export * from './choices';
export * from './codes';
export * from './constants';
export * from './content-history';
export * from './envelope';
export * from './field-limits';
export * from './fields';
export * from './files-admin';
export * from './format';
export * from './fs';
export * from './http-messages';
export * from './leads-admin';
export * from './messages';
export * from './news';
export * from './paging';
export * from './products-admin';
export * from './rule';
export * from './sessions';
export * from './settings';
export * from './site-data';
export * from './site-routes';
export * from './site-settings';
export * from './staff';
export * from './stats';
export * from './store';
