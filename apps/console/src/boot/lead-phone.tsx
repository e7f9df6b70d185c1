/**
 * The phone lead page on its own (decision 065): an alert's link (#/m/leads?id=&keyword=) renders it with its
 * strings and plain view only, no antd, router, layout or initial state. Leaving it (the full view, the
 * console, the login page after a lost session) unmounts it and mounts the whole console, fetched then; the
 * console loads its current user itself (app/current-user.ts); the page's early calls (main.tsx) are dropped.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { hashPath } from '../app/navigation';
import { isPhoneLeadPath } from '../app/phone-lead';
import { IntlProvider } from '../locales/IntlProvider';
import { loadLeadLocale } from '../locales/lead-locale';
import { readStoredLocale } from '../locales/list';
import { LeadPhoneView } from '../pages/LeadPhone/LeadPhoneView';
import { dropEarlyLeadPage, prefetchLeadPage } from '../pages/LeadPhone/useLeadPhone';
import { OfflineNotice } from '../pwa/OfflineNotice';
import { takeOverRoot } from './dom';

export const mountLeadPhone = async (container: HTMLElement, lang: string) => {
  const root = createRoot(container);
  let left = false;
  const leave = async () => {
    if (left) return;
    left = true;
    window.removeEventListener('hashchange', onHashChange);
    dropEarlyLeadPage();
    const { mountConsole } = await import('./console');
    root.unmount();
    await mountConsole(container, readStoredLocale());
  };
  const onHashChange = () => {
    if (!isPhoneLeadPath(hashPath())) void leave();
  };
  window.addEventListener('hashchange', onHashChange);
  // Left before this code arrived (a lost session's first call opened the login page): the console takes over.
  if (!isPhoneLeadPath(hashPath())) return leave();
  // The lead, the user and their permissions (asked for by main.tsx) are awaited beside the page's strings.
  prefetchLeadPage();
  const locale = await loadLeadLocale(lang);
  if (!isPhoneLeadPath(hashPath())) return leave();
  flushSync(() =>
    root.render(
      <IntlProvider initialLocale={locale} load={loadLeadLocale}>
        <OfflineNotice />
        <LeadPhoneView />
      </IntlProvider>,
    ),
  );
  takeOverRoot(container);
};
