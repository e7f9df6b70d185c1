/**
 * The login page's language: only the strings it shows (locales/<lang>/login-page.ts), no antd locale pack
 * and no form messages, since the page's first load carries no antd (decision 059). The whole console's
 * strings load with the console (locales/load.ts).
 */
import type { IntlLocale, Messages } from './intl';
import { findLocale, isRtl } from './list';

/** The login page's strings of a language, in the shape the intl context takes. */
export const toLoginLocale = (lang: string, messages: Partial<Messages>): IntlLocale => ({
  lang,
  messages,
  isolate: isRtl(lang),
});

/** zh-CN has its own strings; every other language shows en-US strings (as locales/load.ts). */
export const loadLoginLocale = async (lang: string): Promise<IntlLocale> => {
  const entry = findLocale(lang);
  const strings =
    entry.lang === 'zh-CN' ? await import('./zh-CN/login-page') : await import('./en-US/login-page');
  return toLoginLocale(entry.lang, strings.default);
};
