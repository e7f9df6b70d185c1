/**
 * The solution pages' addresses. The menu (header, footer, not-found links) is the one saved in the
 * console (SiteServices.navigation); its fixed routes are the contract's NAV_ROUTES.
 */
export const SOLUTION_SLUGS = ['areaCloud', 'campusCloud', 'produceService', 'systemIntegration'] as const;
