/**
 * What a page view says about its visit, from the request alone: crawler or person, device class,
 * the referring host and search engine with its keyword, the UTM fields, and the Beijing day.
 */
import {
  ATTRIBUTION_MAX,
  type DeviceClass,
  deviceClassOf,
  type Spider,
  searchEngineOf,
} from '@yuexun/contract';

const SPIDER_PATTERNS: [Spider, RegExp][] = [
  ['baidu', /baiduspider|baidu-yunguance|baiduboxapp-spider/i],
  ['sogou', /sogou (web|inst|pic|news|orion) ?spider|sogou\w* ?spider/i],
  ['so360', /360spider|haosouspider/i],
  ['bytedance', /bytespider|toutiaospider/i],
  ['shenma', /yisouspider/i],
  ['google', /googlebot|google-inspectiontool|adsbot-google|mediapartners-google/i],
  ['bing', /bingbot|msnbot|bingpreview/i],
  ['yandex', /yandex(bot|images)/i],
];
/** Anything else that says it is automated (monitors, scripts, headless browsers, link previews). */
const OTHER_BOT =
  /bot\b|bot\/|spider|crawl|slurp|curl\/|wget|python-|python\/|java\/|go-http-client|okhttp|axios|node-fetch|libwww|httpclient|headlesschrome|phantomjs|lighthouse|pingdom|uptime|scrapy|facebookexternalhit|^mozilla\/5\.0$|^$/i;

/** The crawler a user agent names, or null for a person's browser. */
export const spiderOf = (userAgent: string): Spider | null => {
  for (const [spider, pattern] of SPIDER_PATTERNS) if (pattern.test(userAgent)) return spider;
  return OTHER_BOT.test(userAgent) ? 'other' : null;
};

/** Device class as the lead form's attribution records it (one classifier for both). */
export const deviceOf = (userAgent: string): DeviceClass => deviceClassOf(userAgent);

/**
 * A small memo for the page-serving path: the same browsers and referrers come back all day, so each
 * user agent's regular expressions and each referrer's URL parsing run once. Emptied when full.
 */
const memo = <T>(size: number, compute: (key: string) => T) => {
  const known = new Map<string, T>();
  return (key: string): T => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= size) known.clear();
      known.set(key, value);
    }
    return value;
  };
};

export interface Agent {
  spider: Spider | null;
  device: DeviceClass;
  /** The user agent, one string shared by every request with it. */
  userAgent: string;
}

/** Crawler or person, and the device class, of a user agent (remembered for the next request). */
export const agentOf: (userAgent: string) => Agent = memo(2000, (userAgent) => ({
  spider: spiderOf(userAgent),
  device: deviceOf(userAgent),
  userAgent,
}));

export interface ReferrerInfo {
  host: string;
  engine: string;
  keyword: string;
}

const NONE: ReferrerInfo = { host: '', engine: '', keyword: '' };

const referrerInfo = memo(2000, (referrer): ReferrerInfo => {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return NONE;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return NONE;
  const host = url.hostname.toLowerCase().slice(0, ATTRIBUTION_MAX.host);
  const search = searchEngineOf(url.href);
  return {
    host,
    engine: search?.engine ?? '',
    keyword: [...(search?.keyword ?? '')].slice(0, ATTRIBUTION_MAX.keyword).join(''),
  };
});

/** The referring host (empty for direct visits and the site's own pages), its search engine and keyword. */
export const referrerOf = (referrer: string | undefined, ownHosts: readonly string[]): ReferrerInfo => {
  if (!referrer) return NONE;
  const info = referrerInfo(referrer);
  return ownHosts.includes(info.host) ? NONE : info;
};

export interface Utm {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

const NO_UTM: Utm = { utmSource: '', utmMedium: '', utmCampaign: '' };

/** The UTM fields of a query string (without its '?'). */
export const utmOfQuery = (query: string): Utm =>
  query.includes('utm_') ? utmOf(new URLSearchParams(query)) : NO_UTM;

export const utmOf = (query: URLSearchParams): Utm => {
  const field = (name: string) => (query.get(name) ?? '').trim().toLowerCase().slice(0, 100);
  return {
    utmSource: field('utm_source'),
    utmMedium: field('utm_medium'),
    utmCampaign: field('utm_campaign'),
  };
};

const beijingDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** YYYY-MM-DD in Beijing time: the dashboard's days. */
export const dayOf = (at: Date) => beijingDay.format(at);

/** Beijing has no daylight saving time: its day starts at 16:00 UTC. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** Beijing day number of a time (days since 1970-01-01 in Beijing): a cheap test for a new day. */
export const dayNumberOf = (ms: number) => Math.floor((ms + BEIJING_OFFSET_MS) / 86_400_000);

/** The day `n` days before `day` (both YYYY-MM-DD). */
export const dayBefore = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** A stored path: no query, no fragment, at most 300 characters. */
export const cleanPath = (path: string) => {
  const end = path.search(/[?#]/);
  return (end < 0 ? path : path.slice(0, end)).slice(0, 300) || '/';
};
