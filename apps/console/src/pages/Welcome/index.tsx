import { Card, Descriptions, Typography } from 'antd';
import { runningBuildId } from '../../app/build-id';
import { useInitialState } from '../../app/initial-state';
import { Ltr } from '../../components/Ltr';
import { useIntl } from '../../locales/intl';

export default function Welcome() {
  const { t } = useIntl();
  const { currentUser } = useInitialState();
  return (
    <Card>
      <Typography.Title level={3}>{t('pages.welcome.title')}</Typography.Title>
      {/* School staff do not manage the site (docs/decisions/021): their welcome does not promise it. */}
      <Typography.Paragraph type="secondary">
        {t(currentUser?.siteAccess ? 'pages.welcome.description' : 'pages.welcome.description.school')}
      </Typography.Paragraph>
      {currentUser && (
        <Descriptions column={1} title={t('pages.welcome.greeting', { name: currentUser.name })}>
          {currentUser.tenantName && (
            <Descriptions.Item label={t('app.header.tenant')}>{currentUser.tenantName}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('pages.welcome.access')}>
            {currentUser.access === 'admin'
              ? t('pages.welcome.access.admin')
              : t('pages.welcome.access.user')}
          </Descriptions.Item>
          {/* Which deployment this page runs: support asks for it, and it changes after the refresh prompt. */}
          <Descriptions.Item label={t('pages.welcome.version')}>
            <Ltr>{runningBuildId()}</Ltr>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
