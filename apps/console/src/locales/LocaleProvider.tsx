/**
 * The language of the console: antd's ConfigProvider (theme, locale pack, direction, form messages) and
 * the intl context, switching language at run time. Shared by the full console (app/Root) and the light
 * login shell (boot/login), so both look and speak the same.
 */
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
// A deep import: this file is on the login page's first load (see pages/Login/LoginView.tsx).
import ConfigProvider from 'antd/es/config-provider';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { consoleTheme } from '../config/settings';
import { IntlContext, type IntlValue, type LoadedLocale, loadLocale, storeLocale } from './intl';
import { isRtl } from './list';

/*
 * Buttons show this spinner while busy instead of antd's default one, which animates its width in and
 * out: when a save ended before that animation began, the spinner stayed on 保存 and 发布 for good
 * (rc-motion never saw the transition end), so the page looked busy forever.
 */
const buttonConfig = { loadingIcon: <LoadingOutlined /> };

export const LocaleProvider = ({
  initialLocale,
  children,
}: {
  initialLocale: LoadedLocale;
  children: ReactNode;
}) => {
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
      theme={consoleTheme}
      form={{ validateMessages: locale.validateMessages }}
      button={buttonConfig}
    >
      <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
    </ConfigProvider>
  );
};
