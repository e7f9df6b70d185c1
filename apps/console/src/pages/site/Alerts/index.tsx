/** 通知渠道: where new leads are announced (WeCom, DingTalk, Feishu, webhook, e-mail) and the delivery log. */
import { PageContainer } from '@ant-design/pro-components';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { useIntl } from '../../../locales/intl';
import { SettingsEditGate } from '../shared/SettingsEditGate';
import { ChannelTable } from './ChannelTable';
import { DeliveryLog } from './DeliveryLog';
import { RouteTable } from './RouteTable';

export default function Alerts() {
  const { t } = useIntl();
  const [params, setParams] = useSearchParams();
  // The assignment rules are their own permission (leads.routes): a role without it sees no such tab.
  const canRoutes = useInitialState().access.canLeadRoutes;
  const chosen = params.get('tab');
  const tab = chosen === 'log' || (chosen === 'routes' && canRoutes) ? chosen : 'channels';
  return (
    <PageContainer content={t('alerts.intro')}>
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'channels',
            label: t('alerts.tab.channels'),
            children: (
              <SettingsEditGate>
                <ChannelTable />
              </SettingsEditGate>
            ),
          },
          ...(canRoutes ? [{ key: 'routes', label: t('alerts.tab.routes'), children: <RouteTable /> }] : []),
          {
            key: 'log',
            label: t('alerts.tab.log'),
            children: (
              <SettingsEditGate>
                <DeliveryLog />
              </SettingsEditGate>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
