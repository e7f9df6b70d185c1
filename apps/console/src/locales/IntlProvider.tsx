/**
 * The login page's language provider: the intl context only, with the login page's strings; no antd
 * ConfigProvider, since the page's first load carries no antd (decision 059). What the page loads of antd
 * later (the language menu, the second step, toasts) is wrapped in components/AntdScope.tsx.
 */
import type { ReactNode } from 'react';
import { IntlContext, type IntlLocale } from './intl';
import { loadLoginLocale } from './login-locale';
import { useLocaleState } from './useLocaleState';

export const IntlProvider = ({
  initialLocale,
  load = loadLoginLocale,
  children,
}: {
  initialLocale: IntlLocale;
  /** How another language's strings load (the phone lead page loads its own, decision 065). */
  load?: (lang: string) => Promise<IntlLocale>;
  children: ReactNode;
}) => {
  const { intl } = useLocaleState(initialLocale, load);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
};
