/**
 * The site's statistics beacons (first-party, no cookie): the script's POST and the <noscript> picture, what
 * they carry, the site sections they may name and the screen-width bands (stats.ts has the dashboard).
 */
import { z } from 'zod';
import { optionalVisitId } from './lead-visits';

/** The beacon's address under BASE_PATH (site-relative, so a proxy that forwards the site forwards it). */
export const STATS_BEACON_PATH = '/stats/view';
/**
 * The beacon of a browser without JavaScript: the layout's <noscript> picture (decision 054). Its query
 * carries what the page knows of itself (p, t); the browser's address and user agent name its visit.
 */
export const STATS_NOSCRIPT_PATH = '/stats/view.gif';
/** Largest beacon body accepted; anything longer is refused before it is read. */
export const STATS_BEACON_MAX_BYTES = 2048;

/**
 * First path segments of the site's pages (spec §2): a beacon for any other path is dropped, so a forged
 * beacon cannot fill the dashboard with made-up pages.
 */
export const SITE_SECTIONS: readonly string[] = [
  'home',
  'solution',
  'demonstrationCase',
  'service',
  'download',
  'priceShop',
  'agent',
  'securityCenter',
  'news',
  'companyProfile',
  'detail',
];

/**
 * What the beacon sends (JSON as text/plain, so sendBeacon needs no preflight): the page's path and
 * query, document.referrer and the screen width. Everything else the server derives.
 */
export const statsBeacon = z.object({
  p: z.string().min(1).max(1024).startsWith('/'),
  r: z.string().max(1024).optional(),
  w: z.number().int().min(0).max(20_000).optional(),
  /** The visit id (sessionStorage) and browser id (localStorage, 30 days) of the 访问轨迹 (lead-visits.ts). */
  v: optionalVisitId,
  b: optionalVisitId,
  /** document.title, for the 访问轨迹 (cut to VISIT_TITLE_MAX). */
  t: z.string().max(400).optional(),
  /** The slugs of the forms the page rendered, comma-separated (form-conversion.ts). */
  f: z.string().max(400).optional(),
});
export type StatsBeacon = z.infer<typeof statsBeacon>;
/** The <noscript> picture's query: the page's path and name, as the beacon's p and t. */
export const statsNoScriptView = statsBeacon.pick({ p: true, t: true });

/** Screen-width bands: the breakpoints of spec §9. */
export const WIDTH_BANDS = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
export type WidthBand = (typeof WIDTH_BANDS)[number];
const BAND_FLOORS: [WidthBand, number][] = [
  ['xxl', 1600],
  ['xl', 1200],
  ['lg', 992],
  ['md', 768],
  ['sm', 576],
];
export const widthBandOf = (width: number): WidthBand =>
  BAND_FLOORS.find(([, min]) => width >= min)?.[0] ?? 'xs';
export const widthBandLabels: Record<WidthBand, string> = {
  xs: '< 576 px',
  sm: '576–767 px',
  md: '768–991 px',
  lg: '992–1199 px',
  xl: '1200–1599 px',
  xxl: '≥ 1600 px',
};
