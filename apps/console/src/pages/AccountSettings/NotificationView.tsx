import type { AccountSettings } from '@yuexun/contract';
import { App, List, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../locales/intl';
import { savePreferences } from '../../services/settings';

const KINDS = [
  { kind: 'password', field: 'notifyPassword' },
  { kind: 'messages', field: 'notifyMessages' },
  { kind: 'todo', field: 'notifyTodo' },
] as const;

export const NotificationView = ({
  settings,
  onSaved,
}: {
  settings: AccountSettings;
  onSaved: (s: AccountSettings) => void;
}) => {
  const { t } = useIntl();
  const { message } = App.useApp();
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
                  const res = await savePreferences({ [field]: checked }).catch(() => undefined);
                  setSaving(undefined);
                  if (res?.datas[0]) {
                    onSaved(res.datas[0]);
                    message.success(t('common.saved'));
                  }
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
