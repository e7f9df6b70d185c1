/**
 * What the prerendered login page cannot know at build time (the server's login-options.json): whether the
 * demo accounts exist (SEED_DEMO), and which single sign-on methods 登录方式 switched on (decisions 052, 060).
 */
import type { ScanPlatform } from '@yuexun/contract';
import { useEffect, useState } from 'react';

export interface LoginOptions {
  demoAccounts: boolean;
  oidc: boolean;
  scan: ScanPlatform[];
  ssoRequired: boolean;
}

const NONE: LoginOptions = { demoAccounts: false, oidc: false, scan: [], ssoRequired: false };
const PLATFORMS: readonly ScanPlatform[] = ['wecom', 'dingtalk', 'feishu'];

const scanOf = (value: unknown): ScanPlatform[] =>
  Array.isArray(value) ? PLATFORMS.filter((p) => value.includes(p)) : [];

export const useLoginOptions = () => {
  const [options, setOptions] = useState<LoginOptions>(NONE);
  useEffect(() => {
    fetch('login-options.json', { credentials: 'same-origin' })
      .then((res): Promise<Record<string, unknown>> => (res.ok ? res.json() : Promise.resolve({})))
      .then((o) =>
        setOptions({
          demoAccounts: o.demoAccounts === true,
          oidc: o.oidc === true,
          scan: scanOf(o.scan),
          ssoRequired: o.ssoRequired === true,
        }),
      )
      .catch(() => setOptions(NONE));
  }, []);
  return options;
};
