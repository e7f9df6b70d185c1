/** 首页管理: the carousel's banners, and the home sections, friendly links and consult bar. */
import { PageContainer } from '@ant-design/pro-components';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useIntl } from '../../../locales/intl';
import { SettingsEditGate } from '../shared/SettingsEditGate';
import { BannerTable } from './BannerTable';
import { LayoutForm } from './LayoutForm';

export default function HomePageAdmin() {
  const { t } = useIntl();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'layout' ? 'layout' : 'banners';
  return (
    <PageContainer content={t('homePage.intro')}>
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'banners',
            label: t('homePage.tab.banners'),
            children: (
              <SettingsEditGate>
                <BannerTable />
              </SettingsEditGate>
            ),
          },
          {
            key: 'layout',
            label: t('homePage.tab.layout'),
            children: (
              <SettingsEditGate>
                <LayoutForm />
              </SettingsEditGate>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
