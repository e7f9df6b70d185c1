/**
 * The fixed sections under their default labels (footer and not-found links); the header draws the
 * menu as saved in the console (SiteServices.navigation).
 */
import { NAV_ROUTES } from '@yuexun/contract';

export interface NavItem {
  label: string;
  path: string;
  match: string;
}

export const NAV: NavItem[] = NAV_ROUTES.map(({ label, path, match }) => ({ label, path, match }));

export const SOLUTION_SLUGS = ['areaCloud', 'campusCloud', 'produceService', 'systemIntegration'] as const;
