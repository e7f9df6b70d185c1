/**
 * Renders the login page to HTML at build time (default language zh-CN), with the antd styles it uses,
 * for build/prerender-login-plugin.ts. Runs in Node from a Vite SSR build of this file.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import zhCN from 'antd/es/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import { toLoadedLocale } from '../locales/intl';
import { DEFAULT_LOCALE } from '../locales/list';
import * as zhStrings from '../locales/zh-CN';
import { LoginShell } from './LoginShell';

export const prerenderLogin = () => {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <LoginShell
        initialLocale={toLoadedLocale(DEFAULT_LOCALE, zhStrings, zhCN)}
        onLoggedIn={() => undefined}
      />
    </StyleProvider>,
  );
  return { lang: DEFAULT_LOCALE, html, styles: extractStyle(cache) };
};
