/**
 * The language shown and its switch, shared by the whole console's provider (LocaleProvider, with antd)
 * and the login page's (IntlProvider, without): the choice is stored, the document's language and
 * direction follow it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type IntlLocale, type IntlValue, storeLocale } from './intl';
import { isRtl } from './list';

export const useLocaleState = <L extends IntlLocale>(initial: L, load: (lang: string) => Promise<L>) => {
  const [locale, setLoaded] = useState(initial);

  const setLocale = useCallback(
    (lang: string) => {
      storeLocale(lang);
      void load(lang).then(setLoaded);
    },
    [load],
  );

  const direction: 'rtl' | 'ltr' = isRtl(locale.lang) ? 'rtl' : 'ltr';
  useEffect(() => {
    document.documentElement.lang = locale.lang;
    document.documentElement.dir = direction;
  }, [locale.lang, direction]);

  const intl = useMemo<IntlValue>(() => ({ locale, setLocale }), [locale, setLocale]);
  return { locale, direction, intl };
};
