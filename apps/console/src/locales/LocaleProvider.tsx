/**
 * The language of the whole console: antd's ConfigProvider (theme, locale pack, direction, form messages)
 * and the intl context, switching language at run time. The login page's first load uses IntlProvider
 * (no antd) instead.
 */
import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { buttonConfig } from '../components/AntdScope';
import { consoleTheme } from '../config/settings';
import { IntlContext, type LoadedLocale } from './intl';
import { loadLocale } from './load';
import { useLocaleState } from './useLocaleState';

export const LocaleProvider = ({
  initialLocale,
  children,
}: {
  initialLocale: LoadedLocale;
  children: ReactNode;
}) => {
  const { locale, direction, intl } = useLocaleState(initialLocale, loadLocale);
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
