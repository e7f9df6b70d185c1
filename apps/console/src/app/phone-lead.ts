/**
 * The phone lead page an alert's link opens (decision 065), started apart from the console. Not in
 * navigation.ts: the build's boot-constants plugin loads that file in Node, where the contract's TypeScript
 * sources cannot be imported.
 */
import { PHONE_LEAD_ROUTE } from '@yuexun/contract/constants';
import { hashPath } from './navigation';

export const isPhoneLeadPath = (path = hashPath()) => path === PHONE_LEAD_ROUTE;
