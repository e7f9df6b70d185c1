/**
 * Providers of the whole console: antd's ConfigProvider (theme, locale pack, direction, form messages,
 * widget defaults of spec §9), antd App (message/notification handed to the request layer), the intl
 * context, the initial state and the hash router.
 */
import { App, ConfigProvider } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { FONT_FAMILY, layoutSettings } from '../config/settings';
import { IntlContext, type IntlValue, type LoadedLocale, loadLocale, storeLocale } from '../locales/intl';
import { isRtl } from '../locales/list';
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

const theme = {
  token: { colorPrimary: layoutSettings.colorPrimary, fontFamily: FONT_FAMILY, borderRadius: 6 },
};

export const Root = ({ initialLocale }: { initialLocale: LoadedLocale }) => {
  const [locale, setLoaded] = useState(initialLocale);

  const setLocale = useCallback((lang: string) => {
    storeLocale(lang);
    void loadLocale(lang).then(setLoaded);
  }, []);

  const direction = isRtl(locale.lang) ? 'rtl' : 'ltr';
  useEffect(() => {
    document.documentElement.lang = locale.lang;
    document.documentElement.dir = direction;
  }, [locale.lang, direction]);

  const intl = useMemo<IntlValue>(() => ({ locale, setLocale }), [locale, setLocale]);

  return (
    <ConfigProvider
      locale={locale.antdLocale}
      direction={direction}
      theme={theme}
      form={{ validateMessages: locale.validateMessages }}
    >
      {/* Widget defaults of spec §9: toast 3 s; notification 4.5 s, top right, 24 px from the top. */}
      <App
        message={{ duration: 3, maxCount: 3 }}
        notification={{ duration: 4.5, placement: 'topRight', top: 24 }}
      >
        <UiBridge />
        <IntlContext.Provider value={intl}>
          <NetworkNotices />
          <InitialStateProvider>
            <RouterProvider router={router} />
          </InitialStateProvider>
        </IntlContext.Provider>
      </App>
    </ConfigProvider>
  );
};
