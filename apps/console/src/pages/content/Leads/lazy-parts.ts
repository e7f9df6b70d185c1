/**
 * The lead drawer and the personal-data dialog load apart from the list (decision 059): a phone opening an
 * alert's link renders the list first. The drawer's code is fetched once the list has rendered and the
 * browser is idle, so 跟进 opens it without waiting.
 */
import { lazy } from 'react';

const loadLeadDrawer = () => import('./LeadDrawer');

export const LazyLeadDrawer = lazy(() => loadLeadDrawer().then((m) => ({ default: m.LeadDrawer })));

export const LazyPersonalDataModal = lazy(() =>
  import('./PersonalDataModal').then((m) => ({ default: m.PersonalDataModal })),
);

/** Fetches the drawer's code when the browser is idle after the list's first render. */
export const prefetchLeadDrawer = () => {
  const fetch = () => void loadLeadDrawer().catch(() => undefined);
  // Safari (WeCom on iPhone) has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fetch);
  else window.setTimeout(fetch, 200);
};
