import { Card, Descriptions, Typography } from 'antd';
import { useInitialState } from '../../app/initial-state';
import { useIntl } from '../../locales/intl';

export default function Welcome() {
  const { t } = useIntl();
  const { currentUser } = useInitialState();
  return (
    <Card>
      <Typography.Title level={3}>{t('pages.welcome.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('pages.welcome.description')}</Typography.Paragraph>
      {currentUser && (
        <Descriptions column={1} title={t('pages.welcome.greeting', { name: currentUser.name })}>
          {currentUser.tenantName && (
            <Descriptions.Item label={t('app.header.tenant')}>{currentUser.tenantName}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('rule.status')}>
            {currentUser.access === 'admin'
              ? t('pages.welcome.access.admin')
              : t('pages.welcome.access.user')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
