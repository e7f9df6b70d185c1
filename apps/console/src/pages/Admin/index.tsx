import { Alert, Card, Typography } from 'antd';
import { useIntl } from '../../locales/intl';

export default function Admin() {
  const { t } = useIntl();
  return (
    <Card>
      <Typography.Title level={3}>{t('pages.admin.sub.title')}</Typography.Title>
      <Alert type="info" showIcon title={t('pages.admin.sub.description')} />
    </Card>
  );
}
