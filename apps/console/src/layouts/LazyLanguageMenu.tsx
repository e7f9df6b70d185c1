/**
 * The language menu for the login page: a plain button until the user reaches for it, then the real menu
 * (antd Dropdown and Menu, with antd itself: the login page's first load carries no antd, decision 059).
 */
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { lazy, Suspense, useState } from 'react';
import { PlainButton } from '../components/plain/PlainButton';
import { useIntl } from '../locales/intl';

const load = () => Promise.all([import('./LanguageMenu'), import('../components/AntdScope')]);
const LanguageMenu = lazy(() =>
  load().then(([{ LanguageMenu: Menu }, { AntdScope }]) => ({
    default: () => (
      <AntdScope>
        <Menu defaultOpen />
      </AntdScope>
    ),
  })),
);

export const LazyLanguageMenu = () => {
  const { t } = useIntl();
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <PlainButton
      kind="text"
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
      <LanguageMenu />
    </Suspense>
  );
};
