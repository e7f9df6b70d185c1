/** #/exception?errorCode=&errorMessage= (spec §2): the request layer's showType 9 redirect lands here. */
import { useSearchParams } from 'react-router';
import { useIntl } from '../../locales/intl';
import { ExceptionView } from './ExceptionView';

const statusOf = (code: string) => (code === '403' || code === '404' || code === '500' ? code : 'error');

export default function Exception() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const code = params.get('errorCode') ?? '';
  const text = params.get('errorMessage') || t('pages.exception.unknown');
  return (
    <div style={{ paddingTop: 48 }}>
      <ExceptionView
        status={statusOf(code)}
        title={code ? t('pages.exception.code', { code }) : t('pages.exception.title')}
        subTitle={text}
      />
    </div>
  );
}
