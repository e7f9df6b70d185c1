/**
 * The phone lead page's language (decision 065): its strings only (locales/<lang>/lead-phone-page.ts), no antd
 * pack; zh-CN has its own strings, every other language shows en-US strings (as load.ts and login-locale.ts).
 */
import type { IntlLocale } from './intl';
import { findLocale } from './list';
import { toLoginLocale } from './login-locale';

export const loadLeadLocale = async (lang: string): Promise<IntlLocale> => {
  const entry = findLocale(lang);
  const strings =
    entry.lang === 'zh-CN'
      ? await import('./zh-CN/lead-phone-page')
      : await import('./en-US/lead-phone-page');
  return toLoginLocale(entry.lang, strings.default);
};
