/**
 * antd's configuration for what the login page loads of antd later (the language menu, the second step):
 * the login page's first load has no antd ConfigProvider (decision 059), so these parts bring their own,
 * with the console theme, the page's direction and the buttons' spinner. Inside the whole console it only
 * repeats what LocaleProvider already says.
 */
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { consoleTheme } from '../config/settings';
import { useIntl } from '../locales/intl';
import { isRtl } from '../locales/list';

/*
 * Buttons show this spinner while busy instead of antd's default one, which animates its width in and
 * out: when a save ended before that animation began, the spinner stayed on 保存 and 发布 for good
 * (rc-motion never saw the transition end), so the page looked busy forever.
 */
export const buttonConfig = { loadingIcon: <LoadingOutlined /> };

export const AntdScope = ({ children }: { children: ReactNode }) => {
  const { lang } = useIntl();
  return (
    <ConfigProvider theme={consoleTheme} direction={isRtl(lang) ? 'rtl' : 'ltr'} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
};
