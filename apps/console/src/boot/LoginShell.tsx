/**
 * The login page on its own: the language provider (strings only, no antd), the offline notice and the
 * login view, without the router, antd, the layout or the initial state (decision 059). Rendered at build
 * time (prerender.tsx) and hydrated in the browser (login.tsx).
 */

import { useEffect } from 'react';
import { IntlProvider } from '../locales/IntlProvider';
import type { IntlLocale } from '../locales/intl';
import { LoginView, type LoginViewProps } from '../pages/Login/LoginView';
import { OfflineNotice } from '../pwa/OfflineNotice';

export const LoginShell = ({
  initialLocale,
  onLive,
  ...view
}: { initialLocale: IntlLocale; onLive?: () => void } & LoginViewProps) => {
  // Effects run once the page is live (hydrated or rendered), after the view's own.
  useEffect(() => onLive?.(), [onLive]);
  return (
    <IntlProvider initialLocale={initialLocale}>
      <OfflineNotice />
      <LoginView {...view} />
    </IntlProvider>
  );
};
