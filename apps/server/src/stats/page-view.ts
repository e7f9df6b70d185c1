/** A page view as the recorder counts it, and what a beacon can come to. */
import type { WidthBand } from '@yuexun/contract';
import type { ReferrerInfo, Utm } from './classify';

export interface PageView {
  path: string;
  status: number;
  referrer: ReferrerInfo;
  utm: Utm;
  device: string;
  widthBand: WidthBand | null;
  address: string;
  userAgent: string;
}

/** Why a beacon added nothing (the label of yuexun_stats_beacons_dropped_total). */
export const BEACON_DROP_REASONS = [
  /** Statistics are off. */
  'off',
  /** Over STATS_BEACONS_PER_MINUTE for its address. */
  'rate_limited',
  /** A crawler running the page's script. */
  'crawler',
  /** Not a path of the site's sections. */
  'unknown_path',
  /** A path this instance has not answered 200 for in the last half hour: made up, or long gone. */
  'not_served',
  /** The same browser's beacon for the same view again. */
  'repeated',
] as const;
export type BeaconDrop = (typeof BEACON_DROP_REASONS)[number];
export type BeaconOutcome = 'confirmed' | 'enriched' | BeaconDrop;

/** The dimensions a served page counts under, with its key in each, beside the total and the landing page. */
export const dimensionsOf = ({ path, referrer, utm, device, widthBand }: PageView) => {
  const keys: [dim: string, key: string][] = [['path', path]];
  if (referrer.host) keys.push(['referrer', referrer.host]);
  if (referrer.engine) keys.push(['engine', referrer.engine]);
  if (referrer.keyword) keys.push(['keyword', referrer.keyword]);
  if (utm.utmSource) keys.push(['utmSource', utm.utmSource]);
  if (utm.utmCampaign) keys.push(['utmCampaign', utm.utmCampaign]);
  if (device) keys.push(['device', device]);
  if (widthBand) keys.push(['width', widthBand]);
  return keys;
};
