/**
 * The language menu for the login page: a plain button until the user reaches for it, then the real menu
 * (antd Dropdown and Menu weigh ~27 KB gzipped, too much for the console's first page).
 */
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from '../locales/intl';

const LanguageMenu = lazy(() => import('./LanguageMenu').then((m) => ({ default: m.LanguageMenu })));

export const LazyLanguageMenu = () => {
  const { t } = useIntl();
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('app.lang.title')}
      data-testid="language-menu"
      onClick={() => setWanted(true)}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => setWanted(true)}
    />
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu defaultOpen />
    </Suspense>
  );
};
