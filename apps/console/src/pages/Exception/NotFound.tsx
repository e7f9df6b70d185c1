import { useIntl } from '../../locales/intl';
import { ExceptionView } from './ExceptionView';

export default function NotFound() {
  const { t } = useIntl();
  return <ExceptionView status="404" subTitle={t('pages.exception.404')} />;
}
