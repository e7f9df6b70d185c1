/** The header's sections; `match` is the path prefix that marks the section as current. */
export interface NavItem {
  label: string;
  path: string;
  match: string;
}

export const NAV: NavItem[] = [
  { label: '首页', path: '/home', match: '/home' },
  { label: '解决方案', path: '/solution/areaCloud', match: '/solution' },
  { label: '示范案例', path: '/demonstrationCase/1351', match: '/demonstrationCase' },
  { label: '新闻资讯', path: '/news/1881', match: '/news' },
  { label: '价格商城', path: '/priceShop', match: '/priceShop' },
  { label: '服务支持', path: '/service', match: '/service' },
  { label: '下载中心', path: '/download', match: '/download' },
  { label: '代理合作', path: '/agent', match: '/agent' },
  { label: '安全中心', path: '/securityCenter', match: '/securityCenter' },
  { label: '关于我们', path: '/companyProfile/1', match: '/companyProfile' },
];

export const SOLUTION_SLUGS = ['areaCloud', 'campusCloud', 'produceService', 'systemIntegration'] as const;
