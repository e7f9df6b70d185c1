import { List, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../locales/intl';
import { type SettingsViewProps, useSavePreferences } from './preferences';

const KINDS = [
  { kind: 'password', field: 'notifyPassword' },
  { kind: 'messages', field: 'notifyMessages' },
  { kind: 'todo', field: 'notifyTodo' },
] as const;

export const NotificationView = ({ settings, onSaved }: SettingsViewProps) => {
  const { t } = useIntl();
  const save = useSavePreferences(onSaved);
  const [saving, setSaving] = useState<string>();

  return (
    <>
      <Typography.Title level={4} style={{ paddingInline: 8 }}>
        {t('settings.menu.notification')}
      </Typography.Title>
      <List
        dataSource={[...KINDS]}
        renderItem={({ kind, field }) => (
          <List.Item
            style={{ paddingInline: 8 }}
            actions={[
              <Switch
                key="switch"
                checkedChildren={t('settings.open')}
                unCheckedChildren={t('settings.close')}
                checked={settings.notifications[kind]}
                loading={saving === kind}
                aria-label={t(`settings.notification.${kind}`)}
                onChange={async (checked) => {
                  setSaving(kind);
                  await save({ [field]: checked });
                  setSaving(undefined);
                }}
              />,
            ]}
          >
            <List.Item.Meta
              title={t(`settings.notification.${kind}`)}
              description={t(`settings.notification.${kind}-description`)}
            />
          </List.Item>
        )}
      />
    </>
  );
};
