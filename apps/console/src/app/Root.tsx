/**
 * Providers of the whole console: the language (antd ConfigProvider with the theme, locale pack,
 * direction and form messages of spec §9, and the intl context), antd App (message/notification handed
 * to the request layer, widget defaults of spec §9), the network notices, the initial state and the
 * hash router. The login page starts without most of this (boot/login.tsx) and mounts it after login.
 */
import { App } from 'antd';
import { RouterProvider } from 'react-router';
import type { LoadedLocale } from '../locales/intl';
import { LocaleProvider } from '../locales/LocaleProvider';
import { NetworkNotices } from '../pwa/NetworkNotices';
import { InitialStateProvider } from './initial-state';
import { router } from './router';
import { sinks } from './ui-sinks';

/** Hands antd's hook-bound message and notification to the request layer. */
const UiBridge = () => {
  const { message, notification } = App.useApp();
  sinks.message = message;
  sinks.notification = notification;
  return null;
};

export const Root = ({ initialLocale }: { initialLocale: LoadedLocale }) => (
  <LocaleProvider initialLocale={initialLocale}>
    {/* Widget defaults of spec §9: toast 3 s; notification 4.5 s, top right, 24 px from the top. */}
    <App
      message={{ duration: 3, maxCount: 3 }}
      notification={{ duration: 4.5, placement: 'topRight', top: 24 }}
    >
      <UiBridge />
      <NetworkNotices />
      <InitialStateProvider>
        <RouterProvider router={router} />
      </InitialStateProvider>
    </App>
  </LocaleProvider>
);
