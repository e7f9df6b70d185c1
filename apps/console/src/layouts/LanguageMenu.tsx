/** The language menu: flag, label; stored under umi_locale (spec §9). */
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useIntl } from '../locales/intl';
import { LOCALES } from '../locales/list';

export const LanguageMenu = ({ defaultOpen = false }: { defaultOpen?: boolean }) => {
  const { t, lang, setLocale } = useIntl();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click', 'hover']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        style: { maxHeight: 360, overflowY: 'auto' },
        onClick: ({ key }) => setLocale(key),
        items: LOCALES.map((l) => ({
          key: l.lang,
          label: (
            <span lang={l.lang} title={l.title}>
              <span role="img" aria-label={l.label} style={{ marginInlineEnd: 8 }}>
                {l.icon}
              </span>
              {l.label}
            </span>
          ),
        })),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('app.lang.title')}
        data-testid="language-menu"
      />
    </Dropdown>
  );
};
