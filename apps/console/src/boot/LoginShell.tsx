/**
 * The login page on its own: language providers, the offline notice and the login view, without the
 * router, antd App, the layout or the initial state. Rendered at build time (prerender.tsx) and
 * hydrated in the browser (login.tsx).
 */

import { useEffect } from 'react';
import type { LoadedLocale } from '../locales/intl';
import { LocaleProvider } from '../locales/LocaleProvider';
import { LoginView, type LoginViewProps } from '../pages/Login/LoginView';
import { OfflineNotice } from '../pwa/OfflineNotice';

export const LoginShell = ({
  initialLocale,
  onLive,
  ...view
}: { initialLocale: LoadedLocale; onLive?: () => void } & LoginViewProps) => {
  // Effects run once the page is live (hydrated or rendered), after the view's own.
  useEffect(() => onLive?.(), [onLive]);
  return (
    <LocaleProvider initialLocale={initialLocale}>
      <OfflineNotice />
      <LoginView {...view} />
    </LocaleProvider>
  );
};
