import { useIntl } from '../../locales/intl';
import { ExceptionView } from './ExceptionView';

export default function Forbidden() {
  const { t } = useIntl();
  return <ExceptionView status="403" subTitle={t('pages.exception.403')} />;
}
