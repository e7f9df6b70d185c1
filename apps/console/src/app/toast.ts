/**
 * A short message (antd message). Inside the console it is the App's hook-bound instance; on the light
 * login shell, where antd App is not loaded, antd's static message is fetched on first use, so the first
 * page does not carry it. Static messages render outside the page's ConfigProvider, so they are given
 * the console theme and the page's direction here.
 */
// A deep import, as in locales/LocaleProvider: the login page's first load already holds it.
import ConfigProvider from 'antd/es/config-provider';
import { createElement } from 'react';
import { consoleTheme } from '../config/settings';
import { sinks } from './ui-sinks';

let themed = false;

const themeStaticMessages = () => {
  if (themed) return;
  themed = true;
  ConfigProvider.config({
    holderRender: (children) =>
      createElement(
        ConfigProvider,
        { theme: consoleTheme, direction: document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr' },
        children,
      ),
  });
};

export const toast = async (kind: 'success' | 'error', text: string) => {
  if (sinks.message) {
    sinks.message[kind](text);
    return;
  }
  const { default: message } = await import('antd/es/message');
  themeStaticMessages();
  message[kind](text);
};
