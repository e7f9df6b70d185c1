import { useIntl } from '../../locales/intl';
import { ExceptionView } from './ExceptionView';

export default function ServerError() {
  const { t } = useIntl();
  return <ExceptionView status="500" subTitle={t('pages.exception.500')} />;
}
