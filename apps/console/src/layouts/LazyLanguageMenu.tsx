/**
 * The language menu for the login page: a plain button until the user reaches for it, then the real menu
 * (antd Dropdown and Menu weigh ~27 KB gzipped, too much for the console's first page).
 */
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
// A deep import: this file is on the login page's first load (see pages/Login/LoginView.tsx).
import Button from 'antd/es/button';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from '../locales/intl';

const load = () => import('./LanguageMenu');
const LanguageMenu = lazy(() => load().then((m) => ({ default: m.LanguageMenu })));

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
      // Fetched as the pointer or focus arrives, mounted (open) by the click itself: mounting on hover
      // would let the same click close the menu again.
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
    />
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu defaultOpen />
    </Suspense>
  );
};
