/**
 * The login page's single sign-on buttons: 企业账号登录 (OIDC, decision 052) and 企业微信 / 钉钉 / 飞书扫码登录
 * (decision 060), each only when 登录方式 switched it on. Inside WeCom's or DingTalk's own browser the page does
 * not wait for a press: it goes straight to that platform's start, which signs in without a QR code — unless
 * the page is showing why the last attempt was refused (`?sso=`), which would loop.
 */
import DingtalkOutlined from '@ant-design/icons/DingtalkOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import WechatWorkOutlined from '@ant-design/icons/WechatWorkOutlined';
import type { ScanPlatform } from '@yuexun/contract';
import { CONSOLE_PATH } from '@yuexun/contract/constants';
import { type ReactNode, useEffect } from 'react';
import { hashQuery } from '../../app/navigation';
import { useIntl } from '../../locales/intl';
import { plainButtonClass } from '../plain/PlainButton';
import styles from './login.module.css';

/** /auth/ beside the console (under the same BASE_PATH): up as many folders as the console's path has. */
const AUTH = `${CONSOLE_PATH.split('/')
  .filter(Boolean)
  .map(() => '..')
  .join('/')}/auth/`;

const ICONS: Record<ScanPlatform, ReactNode> = {
  wecom: <WechatWorkOutlined />,
  dingtalk: <DingtalkOutlined />,
  feishu: <SendOutlined />,
};

/** The platform whose own browser this is (its user agent), among those switched on. */
const inAppPlatform = (userAgent: string, scan: ScanPlatform[]): ScanPlatform | null => {
  if (/wxwork/i.test(userAgent) && scan.includes('wecom')) return 'wecom';
  if (/DingTalk/i.test(userAgent) && scan.includes('dingtalk')) return 'dingtalk';
  return null;
};

export function SsoButtons({ oidc, scan }: { oidc: boolean; scan: ScanPlatform[] }) {
  const { t } = useIntl();
  useEffect(() => {
    const platform = inAppPlatform(navigator.userAgent, scan);
    if (platform && !hashQuery().get('sso')) window.location.assign(`${AUTH}${platform}/start`);
  }, [scan]);
  if (!oidc && scan.length === 0) return null;
  const button = plainButtonClass({ large: true, block: true });
  return (
    <div className={styles.sso}>
      {oidc && (
        <a className={button} href={`${AUTH}oidc/start`}>
          {t('login.sso')}
        </a>
      )}
      {scan.map((platform) => (
        <a key={platform} className={`${button} ${styles[platform]}`} href={`${AUTH}${platform}/start`}>
          {ICONS[platform]}
          <span>{t(`login.scan.${platform}`)}</span>
        </a>
      ))}
    </div>
  );
}
