/**
 * A small i18n runtime: the messages of the chosen language are kept in context, and `t(id, values)`
 * formats `{name}` placeholders. The whole console's strings and antd's locale pack load with the console
 * (load.ts); the login page starts with its own strings only (login-locale.ts).
 */
import type { Locale as AntdLocale } from 'antd/es/locale';
import { createContext, useCallback, useContext } from 'react';
import { LOCALE_STORAGE_KEY } from './list';
import type zhMessages from './zh-CN';

export type MessageId = keyof typeof zhMessages;
export type Messages = Record<MessageId, string>;
export type ValidateMessages = typeof import('./zh-CN/validate').validateMessages;

/** What the intl context needs: a language and its strings (all of them, or the login page's). */
export interface IntlLocale {
  lang: string;
  messages: Partial<Messages>;
  /** The strings run the other way than the layout (English fallback strings in an Arabic page). */
  isolate: boolean;
}

/** A language as the whole console uses it: every string, antd's pack and the form messages. */
export interface LoadedLocale extends IntlLocale {
  messages: Messages;
  validateMessages: ValidateMessages;
  antdLocale: AntdLocale;
}

/**
 * Left-to-right isolate (U+2066 … U+2069): an English sentence inside a right-to-left page keeps its
 * own order, so "Manage … here." does not become ".Manage … here" nor "Bound: x" become "x :Bound".
 */
const isolateLtr = (text: string) => `\u2066${text}\u2069`;

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
  locale: IntlLocale;
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
