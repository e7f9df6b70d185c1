import { Card, Descriptions, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { runningBuildId } from '../../app/build-id';
import { useInitialState } from '../../app/initial-state';
import { Ltr } from '../../components/Ltr';
import { PageLoading } from '../../components/PageLoading';
import { useMenu } from '../../layouts/menu-context';
import { useIntl } from '../../locales/intl';

/** Who may read statistics opens the console on the dashboard (数据概览); its chunk is theirs alone. */
const Dashboard = lazy(() =>
  import('../../components/stats/Dashboard').then((m) => ({ default: m.Dashboard })),
);

export default function Welcome() {
  const { t } = useIntl();
  const { currentUser, access } = useInitialState();
  // The role's own name (销售, 内容编辑 …), else its level; and what it may open: the pages of its menu,
  // so the welcome never promises a page the menu does not show.
  const roleName =
    currentUser?.roleName ??
    (currentUser?.access === 'admin' ? t('pages.welcome.access.admin') : t('pages.welcome.access.user'));
  const areas = useMenu()
    .flatMap((entry) => entry.children ?? [entry])
    .filter((entry) => entry.path !== '/welcome')
    .map((entry) => entry.name);
  const greeting = currentUser && (
    <Descriptions column={1} title={t('pages.welcome.greeting', { name: currentUser.name })}>
      {currentUser.tenantName && (
        <Descriptions.Item label={t('app.header.tenant')}>{currentUser.tenantName}</Descriptions.Item>
      )}
      <Descriptions.Item label={t('pages.welcome.access')}>{roleName}</Descriptions.Item>
      {/* Which deployment this page runs: support asks for it, and it changes after the refresh prompt. */}
      <Descriptions.Item label={t('pages.welcome.version')}>
        <Ltr>{runningBuildId()}</Ltr>
      </Descriptions.Item>
    </Descriptions>
  );
  if (access.canStats) {
    return (
      <>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('menu.stats.overview')}
        </Typography.Title>
        <Suspense fallback={<PageLoading />}>
          <Dashboard />
        </Suspense>
        <Card size="small" style={{ marginTop: 16 }}>
          {greeting}
        </Card>
      </>
    );
  }
  return (
    <Card>
      <Typography.Title level={3}>{t('pages.welcome.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('pages.welcome.description', { areas: areas.join(t('pages.welcome.separator')) })}
      </Typography.Paragraph>
      {greeting}
    </Card>
  );
}
