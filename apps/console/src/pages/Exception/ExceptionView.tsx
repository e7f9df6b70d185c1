import { Button, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { Link } from 'react-router';
import { useIntl } from '../../locales/intl';

export const ExceptionView = ({
  status,
  subTitle,
  title,
}: {
  status: ResultStatusType;
  subTitle: string;
  title?: string;
}) => {
  const { t } = useIntl();
  return (
    <Result
      status={status}
      title={title ?? String(status)}
      subTitle={subTitle}
      extra={
        <Link to="/welcome">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
};
