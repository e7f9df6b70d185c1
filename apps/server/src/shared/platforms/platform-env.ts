/**
 * Where the scan-login platforms' services are (企业微信, 钉钉, 飞书): their public addresses by default; tests
 * point every one at the local stand-ins in test/ (test/wecom-standin.ts and its siblings).
 */
import type { z } from 'zod';
import { envHttpUrl } from '../env-fields';

export const platformEnvSchema = {
  /** 企业微信 server API (gettoken, auth/getuserinfo, user/get, user/list_id). */
  WECOM_API_URL: envHttpUrl().default('https://qyapi.weixin.qq.com'),
  /** 企业微信 web login (the QR code page). */
  WECOM_QR_URL: envHttpUrl().default('https://open.work.weixin.qq.com/wwopen/sso/qrConnect'),
  /** 企业微信 OAuth inside its own browser (snsapi_base, no QR code). */
  WECOM_OAUTH_URL: envHttpUrl().default('https://open.weixin.qq.com/connect/oauth2/authorize'),
  /** 钉钉 OAuth 2 login page (QR code on a computer, confirmation inside DingTalk). */
  DINGTALK_LOGIN_URL: envHttpUrl().default('https://login.dingtalk.com/oauth2/auth'),
  /** 钉钉 new server API (v1.0/oauth2/userAccessToken, v1.0/contact/users/me). */
  DINGTALK_API_URL: envHttpUrl().default('https://api.dingtalk.com'),
  /** 钉钉 older server API (gettoken, topapi: the organisation's members). */
  DINGTALK_OAPI_URL: envHttpUrl().default('https://oapi.dingtalk.com'),
  /** 飞书 open platform (authen/v1, auth/v3). */
  FEISHU_URL: envHttpUrl().default('https://open.feishu.cn'),
};

type PlatformEnv = { [K in keyof typeof platformEnvSchema]: z.output<(typeof platformEnvSchema)[K]> };

export interface PlatformUrls {
  wecomApi: string;
  wecomQr: string;
  wecomOauth: string;
  dingtalkLogin: string;
  dingtalkApi: string;
  dingtalkOapi: string;
  feishu: string;
}

const bare = (url: string) => url.replace(/\/+$/, '');

export const platformUrlsOf = (e: PlatformEnv): PlatformUrls => ({
  wecomApi: bare(e.WECOM_API_URL),
  wecomQr: e.WECOM_QR_URL,
  wecomOauth: e.WECOM_OAUTH_URL,
  dingtalkLogin: e.DINGTALK_LOGIN_URL,
  dingtalkApi: bare(e.DINGTALK_API_URL),
  dingtalkOapi: bare(e.DINGTALK_OAPI_URL),
  feishu: bare(e.FEISHU_URL),
});
