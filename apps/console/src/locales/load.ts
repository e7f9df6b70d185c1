/**
 * The whole console's language: every string of it and antd's locale pack, each a chunk of its own, loaded
 * with the console (the login page loads its own strings only, login-locale.ts).
 */
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { LoadedLocale, Messages, ValidateMessages } from './intl';
import { findLocale, isRtl } from './list';

const antdPacks = import.meta.glob<{ default: AntdLocale }>('../../../../node_modules/antd/es/locale/*_*.js');

const antdPack = (file: string) => {
  const key = Object.keys(antdPacks).find((path) => path.endsWith(`/${file}.js`));
  const load = key ? antdPacks[key] : undefined;
  if (!load) throw new Error(`antd locale ${file} missing`);
  return load();
};

/** A language's strings module (locales/<lang>/index.ts). */
interface StringsModule {
  default: Record<string, string>;
  validateMessages: ValidateMessages;
}

/** The loaded form of a language, from its strings module and antd's pack. */
export const toLoadedLocale = (lang: string, strings: StringsModule, antd: AntdLocale): LoadedLocale => ({
  lang,
  messages: strings.default as Messages,
  validateMessages: strings.validateMessages,
  antdLocale: antd,
  // Every language but zh-CN shows the en-US strings, which read left to right.
  isolate: isRtl(lang),
});

const loaded = new Map<string, Promise<LoadedLocale>>();

/**
 * zh-CN has its own strings; every other language shows en-US strings (spec: fall back to en-US). One load
 * per language: the boot code starts it beside the console's code (boot/preload.ts), the console takes it.
 */
export const loadLocale = (lang: string): Promise<LoadedLocale> => {
  const entry = findLocale(lang);
  let locale = loaded.get(entry.lang);
  if (!locale) {
    locale = Promise.all([
      entry.lang === 'zh-CN' ? import('./zh-CN') : import('./en-US'),
      antdPack(entry.antd),
    ]).then(([strings, antd]) => toLoadedLocale(entry.lang, strings, antd.default));
    // A failed load (a chunk lost to the network) is tried again next time.
    locale.catch(() => loaded.delete(entry.lang));
    loaded.set(entry.lang, locale);
  }
  return locale;
};
