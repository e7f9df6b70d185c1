/** The header's sections; `match` is the path prefix that marks the section as current. */
import { DEFAULT_IDS } from '@yuexun/contract';
import { NAV_LABELS } from '../locales/zh-CN';

export interface NavItem {
  label: string;
  path: string;
  match: string;
}

export const NAV: NavItem[] = [
  { label: NAV_LABELS.home, path: '/home', match: '/home' },
  { label: NAV_LABELS.solution, path: '/solution/areaCloud', match: '/solution' },
  {
    label: NAV_LABELS.cases,
    path: `/demonstrationCase/${DEFAULT_IDS.demonstrationCase}`,
    match: '/demonstrationCase',
  },
  { label: NAV_LABELS.news, path: `/news/${DEFAULT_IDS.news}`, match: '/news' },
  { label: NAV_LABELS.priceShop, path: '/priceShop', match: '/priceShop' },
  { label: NAV_LABELS.service, path: '/service', match: '/service' },
  { label: NAV_LABELS.download, path: '/download', match: '/download' },
  { label: NAV_LABELS.agent, path: '/agent', match: '/agent' },
  { label: NAV_LABELS.securityCenter, path: '/securityCenter', match: '/securityCenter' },
  {
    label: NAV_LABELS.companyProfile,
    path: `/companyProfile/${DEFAULT_IDS.companyProfile}`,
    match: '/companyProfile',
  },
];

export const SOLUTION_SLUGS = ['areaCloud', 'campusCloud', 'produceService', 'systemIntegration'] as const;
