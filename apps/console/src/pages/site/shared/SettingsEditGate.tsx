/**
 * 站点管理 for a role that may read the settings but not change them (settings.read without settings.write,
 * docs/decisions/032): a notice says so and every control below is disabled, so nobody fills in a form whose
 * save the server would refuse (and lose the typing on the way to the 403 page).
 */
import { Alert, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { useIntl } from '../../../locales/intl';

export function SettingsEditGate({ children }: { children: ReactNode }) {
  const { t } = useIntl();
  if (useInitialState().access.canEditSettings) return <>{children}</>;
  return (
    <>
      <Alert type="info" showIcon message={t('site.readOnly')} style={{ marginBottom: 16 }} />
      <ConfigProvider componentDisabled>{children}</ConfigProvider>
    </>
  );
}
