/** What the settings tabs share: the settings they show and one way to save a preference. */
import type { AccountSettings } from '@yuexun/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { useIntl } from '../../locales/intl';
import { savePreferences } from '../../services/settings';

export interface SettingsViewProps {
  settings: AccountSettings;
  /** The settings as the server stored them; the page shows these from now on. */
  onSaved: (settings: AccountSettings) => void;
}

/** Saves preferences and says so; false when refused (the request layer has shown why). */
export const useSavePreferences = (onSaved: SettingsViewProps['onSaved']) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  return useCallback(
    async (input: Parameters<typeof savePreferences>[0]) => {
      const res = await savePreferences(input).catch(() => undefined);
      const saved = res?.datas[0];
      if (!saved) return false;
      onSaved(saved);
      message.success(t('common.saved'));
      return true;
    },
    [message, onSaved, t],
  );
};
