/** 数据统计 → 数据概览. The same dashboard is the welcome page of site admins. */
import { PageContainer } from '@ant-design/pro-components';
import { Dashboard } from '../../../components/stats/Dashboard';
import { useIntl } from '../../../locales/intl';

export default function Overview() {
  const { t } = useIntl();
  return (
    <PageContainer content={t('stats.intro')}>
      <Dashboard />
    </PageContainer>
  );
}
