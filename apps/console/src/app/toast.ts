/**
 * A short message (antd message). Inside the console it is the App's hook-bound instance; on the light
 * login shell, where antd is not loaded, antd's static message is fetched on first use, so the first
 * page does not carry it (decision 059). Static messages render outside the page's ConfigProvider, so they
 * are given the console theme and the page's direction here.
 */
import { createElement } from 'react';
import { consoleTheme } from '../config/settings';
import { sinks } from './ui-sinks';

let themed = false;

export const toast = async (kind: 'success' | 'error', text: string) => {
  if (sinks.message) {
    sinks.message[kind](text);
    return;
  }
  const [{ default: message }, { default: ConfigProvider }] = await Promise.all([
    import('antd/es/message'),
    import('antd/es/config-provider'),
  ]);
  if (!themed) {
    themed = true;
    ConfigProvider.config({
      holderRender: (children) =>
        createElement(
          ConfigProvider,
          { theme: consoleTheme, direction: document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr' },
          children,
        ),
    });
  }
  message[kind](text);
};
