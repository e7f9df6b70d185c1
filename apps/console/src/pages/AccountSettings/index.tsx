/**
 * Account settings (spec §2), saved through real actions. 账号绑定 lists the real sign-in bindings (company
 * accounts through OIDC, decision 052), not the template's made-up 淘宝/支付宝 ones. 新消息通知 is not shown: it
 * switched notices of a 站内信 that does not exist (its action still answers as specified).
 */
import type { AccountSettings as Settings } from '@yuexun/contract';
import { Card, Grid, Skeleton, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIntl } from '../../locales/intl';
import { querySettings } from '../../services/settings';
import { BasicView } from './BasicView';
import { BindingsView } from './BindingsView';
import { SecurityView } from './SecurityView';
import { SessionsView } from './SessionsView';

/** The tabs, in order; `?tab=` names one (the site menu's 安全中心 links to `?tab=security`). */
const TABS = ['basic', 'security', 'bindings', 'sessions'] as const;
const tabOf = (value: string | null) => TABS.find((tab) => tab === value) ?? 'basic';

export default function AccountSettings() {
  const { t } = useIntl();
  const [params, setParams] = useSearchParams();
  const activeTab = tabOf(params.get('tab'));
  const screens = Grid.useBreakpoint();
  const [settings, setSettings] = useState<Settings>();
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    querySettings().then(setSettings, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const views = settings && [
    {
      key: 'basic',
      label: t('settings.menu.basic'),
      children: <BasicView settings={settings} onSaved={setSettings} />,
    },
    {
      key: 'security',
      label: t('settings.menu.security'),
      children: <SecurityView settings={settings} onSaved={setSettings} />,
    },
    { key: 'bindings', label: t('settings.menu.bindings'), children: <BindingsView /> },
    { key: 'sessions', label: t('settings.menu.sessions'), children: <SessionsView /> },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: screens.md ? '24px 0' : 16 } }}>
      {views ? (
        <Tabs
          tabPlacement={screens.md ? 'start' : 'top'}
          items={views}
          activeKey={activeTab}
          onChange={(tab) => setParams({ tab }, { replace: true })}
          destroyOnHidden
        />
      ) : (
        <Skeleton active loading={!failed} />
      )}
    </Card>
  );
}
