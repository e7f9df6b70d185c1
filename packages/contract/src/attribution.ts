/**
 * Where a lead came from, worked out from what the visitor's browser can tell a first-party page
 * (no cookies, no third-party script): the landing page with its UTM parameters, the referring
 * page, the user agent. Shared by the server (which stores the result) and anyone who shows it.
 * #18 (traffic) classifies page views with the same function.
 */

/** Search engines recognised in a referrer, with the query parameters that carry the keyword. */
export const SEARCH_ENGINES = [
  { id: 'baidu', label: '百度', hosts: ['baidu.com'], params: ['wd', 'word', 'kw'] },
  { id: 'sogou', label: '搜狗', hosts: ['sogou.com'], params: ['query', 'keyword'] },
  { id: 'so360', label: '360搜索', hosts: ['so.com', 'haosou.com'], params: ['q'] },
  { id: 'shenma', label: '神马', hosts: ['sm.cn'], params: ['q'] },
  { id: 'bing', label: '必应', hosts: ['bing.com'], params: ['q'] },
  { id: 'google', label: 'Google', hosts: ['google.com', 'google.com.hk', 'google.cn'], params: ['q'] },
  { id: 'toutiao', label: '头条搜索', hosts: ['so.toutiao.com'], params: ['keyword'] },
  { id: 'yandex', label: 'Yandex', hosts: ['yandex.com', 'yandex.ru'], params: ['text'] },
  { id: 'duckduckgo', label: 'DuckDuckGo', hosts: ['duckduckgo.com'], params: ['q'] },
] as const;
export type SearchEngineId = (typeof SEARCH_ENGINES)[number]['id'];

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop', 'bot', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const deviceClassLabels: Record<DeviceClass, string> = {
  mobile: '手机',
  tablet: '平板',
  desktop: '电脑',
  bot: '爬虫',
  unknown: '未知',
};

/** Limits of the stored attribution text (the landing page keeps path and query only). */
export const ATTRIBUTION_MAX = { page: 500, host: 200, keyword: 100, utm: 100 } as const;

export interface AttributionInput {
  /** Path and query of the first page of the visit, e.g. /news/detail/1?utm_source=baidu. */
  landingPage?: string | null;
  /** The referring page of that first page (document.referrer or the Referer header). */
  referrer?: string | null;
  userAgent?: string | null;
  /** The site's own host: a referrer from it is not a source. */
  ownHost?: string | null;
}

export interface Attribution {
  landingPage: string;
  referrerHost: string;
  /** Id from SEARCH_ENGINES, or '' when the referrer is not a known search engine. */
  searchEngine: string;
  searchKeyword: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  deviceClass: DeviceClass;
}

const clip = (value: string | null | undefined, max: number) =>
  [...(value ?? '').trim()].slice(0, max).join('');

/** An absolute URL, or a path resolved against a placeholder origin (base given); null when unreadable. */
const parseUrl = (value: string, base?: string) => {
  if (!value.trim()) return null;
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
};

const hostMatches = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** A search engine and its keyword from a referrer URL; engines that hide the keyword (https Google) give ''. */
export const searchEngineOf = (referrer: string) => {
  const url = parseUrl(referrer);
  if (!url || !/^https?:$/.test(url.protocol)) return null;
  const host = url.hostname.toLowerCase();
  // Google has a country domain per market (google.de, google.co.jp): any google.* counts.
  const engine =
    SEARCH_ENGINES.find((e) => e.hosts.some((h) => hostMatches(host, h))) ??
    (/(^|\.)google\.[a-z.]+$/.test(host) ? SEARCH_ENGINES.find((e) => e.id === 'google') : undefined);
  if (!engine) return null;
  let keyword = '';
  for (const param of engine.params) {
    const value = url.searchParams.get(param);
    if (value?.trim()) {
      keyword = value.trim();
      break;
    }
  }
  return { engine: engine.id as SearchEngineId, keyword };
};

/** Device class from a user agent: enough to tell phones, tablets, computers and crawlers apart. */
export const deviceClassOf = (userAgent: string | null | undefined): DeviceClass => {
  const ua = userAgent ?? '';
  if (!ua) return 'unknown';
  if (/bot|spider|crawler|slurp|headless|lighthouse/i.test(ua)) return 'bot';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|HarmonyOS|MicroMessenger|Windows Phone/i.test(ua)) return 'mobile';
  return 'desktop';
};

export const classifyAttribution = (input: AttributionInput): Attribution => {
  const landing = parseUrl(input.landingPage ?? '', 'http://localhost');
  const landingPage = landing ? clip(`${landing.pathname}${landing.search}`, ATTRIBUTION_MAX.page) : '';
  const utm = (name: string) => clip(landing?.searchParams.get(name), ATTRIBUTION_MAX.utm);
  const referrer = parseUrl(input.referrer ?? '');
  const ownHost = (input.ownHost ?? '').toLowerCase().replace(/:\d+$/, '');
  const external =
    referrer && /^https?:$/.test(referrer.protocol) && referrer.hostname.toLowerCase() !== ownHost
      ? referrer
      : null;
  const search = external ? searchEngineOf(external.href) : null;
  return {
    landingPage,
    referrerHost: clip(external?.hostname.toLowerCase(), ATTRIBUTION_MAX.host),
    searchEngine: search?.engine ?? '',
    searchKeyword: clip(search?.keyword, ATTRIBUTION_MAX.keyword),
    utmSource: utm('utm_source'),
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    deviceClass: deviceClassOf(input.userAgent),
  };
};

/**
 * The one-word source the console groups by: the UTM source when the link was tagged, else the
 * search engine, else the referring host, else 直接访问.
 */
export const sourceOf = (a: Pick<Attribution, 'utmSource' | 'searchEngine' | 'referrerHost'>) =>
  a.utmSource || a.searchEngine || a.referrerHost || 'direct';

export const sourceLabel = (source: string) =>
  source === 'direct' ? '直接访问' : (SEARCH_ENGINES.find((e) => e.id === source)?.label ?? source);
