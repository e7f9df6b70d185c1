/**
 * The site's top menu without zod (the site's locale and islands import it): the fixed entries of spec
 * §2 with their default labels, and how a saved menu becomes the header's links. Schemas and actions
 * are in navigation.ts.
 */
import { DEFAULT_IDS } from './constants';

/** The fixed entries in their first order: key, label shown until renamed, address and the prefix marking it current. */
export const NAV_ROUTES = [
  { key: 'home', label: '首页', path: '/home', match: '/home' },
  { key: 'solution', label: '解决方案', path: '/solution/areaCloud', match: '/solution' },
  {
    key: 'cases',
    label: '示范案例',
    path: `/demonstrationCase/${DEFAULT_IDS.demonstrationCase}`,
    match: '/demonstrationCase',
  },
  { key: 'news', label: '新闻资讯', path: `/news/${DEFAULT_IDS.news}`, match: '/news' },
  { key: 'priceShop', label: '价格商城', path: '/priceShop', match: '/priceShop' },
  { key: 'service', label: '服务支持', path: '/service', match: '/service' },
  { key: 'download', label: '下载中心', path: '/download', match: '/download' },
  { key: 'agent', label: '代理合作', path: '/agent', match: '/agent' },
  { key: 'securityCenter', label: '安全中心', path: '/securityCenter', match: '/securityCenter' },
  {
    key: 'companyProfile',
    label: '关于我们',
    path: `/companyProfile/${DEFAULT_IDS.companyProfile}`,
    match: '/companyProfile',
  },
] as const;
export type NavRouteKey = (typeof NAV_ROUTES)[number]['key'];
export const NAV_ROUTE_KEYS = NAV_ROUTES.map((r) => r.key) as [NavRouteKey, ...NavRouteKey[]];
/** The fixed entries' default labels by key (the site's section names). */
export const NAV_DEFAULT_LABELS = Object.fromEntries(NAV_ROUTES.map((r) => [r.key, r.label])) as {
  [K in NavRouteKey]: Extract<(typeof NAV_ROUTES)[number], { key: K }>['label'];
};

/** The key of an outside link. */
export const NAV_LINK = 'link';

/** One entry as stored and shown to the console: a blank label on a fixed entry means its default. */
export interface NavItem {
  /** A fixed entry's key, or NAV_LINK. */
  key: string;
  label: string;
  visible: boolean;
  /** An outside link's address; '' for a fixed entry. */
  url: string;
}

/** The menu as the site draws it: visible entries only, each with its label and where it goes. */
export interface SiteNavEntry {
  label: string;
  /** A site path (put under BASE_PATH by the site) or, for an outside link, the full address. */
  path: string;
  external: boolean;
  /** Path prefix marking the entry as the current section ('' for outside links). */
  match: string;
}

/** The fixed entries in their first order, all shown under their default labels. */
export const defaultNavItems = (): NavItem[] =>
  NAV_ROUTES.map((r) => ({ key: r.key, label: '', visible: true, url: '' }));

const routeOf = (key: string) => NAV_ROUTES.find((r) => r.key === key);

/**
 * A stored menu made whole: entries of keys no longer known are dropped, fixed entries added later
 * are appended, shown (a menu saved before they existed reads as if they had always been there).
 */
export const completeNav = (items: readonly NavItem[]): NavItem[] => {
  const known = items.filter((i) => i.key === NAV_LINK || routeOf(i.key));
  const present = new Set(known.map((i) => i.key));
  return [...known, ...defaultNavItems().filter((d) => !present.has(d.key))];
};

/** Every fixed entry's name as the site shows it, hidden or not: its saved label, or its default. */
export type SectionNames = { [K in NavRouteKey]: string };

/**
 * The sections' names from a stored menu: what a section page calls itself (heading, title, breadcrumb),
 * so a renamed entry has one name on the whole site.
 */
export const sectionNames = (items: readonly NavItem[]): SectionNames =>
  Object.fromEntries(
    NAV_ROUTES.map((r) => [r.key, items.find((i) => i.key === r.key)?.label.trim() || r.label]),
  ) as SectionNames;

/** Whether the vendor gave this entry a name of its own (not its default). */
export const isRenamed = (names: SectionNames, key: NavRouteKey) => names[key] !== NAV_DEFAULT_LABELS[key];

/** The visible entries with their labels and addresses. */
export const siteNavEntries = (items: readonly NavItem[]): SiteNavEntry[] =>
  completeNav(items)
    .filter((i) => i.visible)
    .map((i) => {
      const route = routeOf(i.key);
      return route
        ? { label: i.label || route.label, path: route.path, external: false, match: route.match }
        : { label: i.label, path: i.url, external: true, match: '' };
    });
