/**
 * Renders the login page to HTML at build time (default language zh-CN), for
 * build/prerender-login-plugin.ts. Runs in Node from a Vite SSR build of this file. The page has no antd
 * (decision 059): its styles are its CSS modules, which the plugin inlines.
 */
import { renderToString } from 'react-dom/server';
import { DEFAULT_LOCALE } from '../locales/list';
import { toLoginLocale } from '../locales/login-locale';
import zhStrings from '../locales/zh-CN/login-page';
import { LoginShell } from './LoginShell';

export const prerenderLogin = () => {
  const html = renderToString(
    <LoginShell initialLocale={toLoginLocale(DEFAULT_LOCALE, zhStrings)} onLoggedIn={() => undefined} />,
  );
  return { lang: DEFAULT_LOCALE, html };
};
