/** Account settings (spec §2): basic, security, binding and notification tabs, saved through real actions. */
import type { AccountSettings as Settings } from '@yuexun/contract';
import { Card, Grid, Skeleton, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIntl } from '../../locales/intl';
import { querySettings } from '../../services/settings';
import { BasicView } from './BasicView';
import { BindingView } from './BindingView';
import { NotificationView } from './NotificationView';
import { SecurityView } from './SecurityView';
import { SessionsView } from './SessionsView';

/** The tabs, in order; `?tab=` names one (the site menu's 安全中心 links to `?tab=security`). */
const TABS = ['basic', 'security', 'sessions', 'binding', 'notification'] as const;
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
    { key: 'sessions', label: t('settings.menu.sessions'), children: <SessionsView /> },
    {
      key: 'binding',
      label: t('settings.menu.binding'),
      children: <BindingView settings={settings} onSaved={setSettings} />,
    },
    {
      key: 'notification',
      label: t('settings.menu.notification'),
      children: <NotificationView settings={settings} onSaved={setSettings} />,
    },
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
