import { z } from 'zod';

// Generic zod messages in Chinese, the product language; field messages are set per schema.
z.config(z.locales.zhCN());

export * from './account';
export * from './action';
export * from './actions';
export * from './codes';
export * from './constants';
export * from './envelope';
export * from './fields';
export * from './fs';
export * from './http-messages';
export * from './messages';
export * from './news';
export * from './paging';
export * from './rule';
export * from './settings';
export * from './store';
