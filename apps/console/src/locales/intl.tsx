/**
 * A small i18n runtime: the messages of the chosen language and antd's locale pack are loaded lazily
 * (one chunk each), kept in context, and `t(id, values)` formats `{name}` placeholders.
 */
import type { Locale as AntdLocale } from 'antd/es/locale';
import { createContext, useCallback, useContext } from 'react';
import { findLocale, isRtl, LOCALE_STORAGE_KEY } from './list';
import type zhMessages from './zh-CN';

export type MessageId = keyof typeof zhMessages;
export type Messages = Record<MessageId, string>;
export type ValidateMessages = typeof import('./zh-CN/validate').validateMessages;

export interface LoadedLocale {
  lang: string;
  messages: Messages;
  validateMessages: ValidateMessages;
  antdLocale: AntdLocale;
  /** The strings run the other way than the layout (English fallback strings in an Arabic page). */
  isolate: boolean;
}

/**
 * Left-to-right isolate (U+2066 … U+2069): an English sentence inside a right-to-left page keeps its
 * own order, so "Manage … here." does not become ".Manage … here" nor "Bound: x" become "x :Bound".
 */
const isolateLtr = (text: string) => `\u2066${text}\u2069`;

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

/** zh-CN has its own strings; every other language shows en-US strings (spec: fall back to en-US). */
export const loadLocale = async (lang: string): Promise<LoadedLocale> => {
  const entry = findLocale(lang);
  const [strings, antd] = await Promise.all([
    entry.lang === 'zh-CN' ? import('./zh-CN') : import('./en-US'),
    antdPack(entry.antd),
  ]);
  return toLoadedLocale(entry.lang, strings, antd.default);
};

export const storeLocale = (lang: string) => {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, lang);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
};

export const format = (template: string, values?: Record<string, string | number>) =>
  values ? template.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all)) : template;

export interface IntlValue {
  locale: LoadedLocale;
  setLocale: (lang: string) => void;
}

export const IntlContext = createContext<IntlValue | null>(null);

export const useIntl = () => {
  const value = useContext(IntlContext);
  if (!value) throw new Error('useIntl outside IntlContext');
  const { locale, setLocale } = value;
  const t = useCallback(
    (id: MessageId, values?: Record<string, string | number>) => {
      const text = format(locale.messages[id] ?? id, values);
      return locale.isolate ? isolateLtr(text) : text;
    },
    [locale],
  );
  return { t, lang: locale.lang, setLocale };
};
