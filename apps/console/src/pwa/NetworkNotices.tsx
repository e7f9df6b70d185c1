/** The offline notice (network dropped) and the refresh prompt (a new build is deployed), spec §4. */
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useIntl } from '../locales/intl';
import { OfflineNotice } from './OfflineNotice';
import { applyUpdate, onUpdateReady } from './register';

const UpdatePrompt = () => {
  const { t } = useIntl();
  const { notification } = App.useApp();

  useEffect(() => {
    const stop = onUpdateReady((worker) => {
      notification.open({
        key: 'console-update',
        message: t('app.update.title'),
        description: t('app.update.description'),
        duration: 0,
        actions: (
          <Button type="primary" size="small" onClick={() => applyUpdate(worker)}>
            {t('app.update.ok')}
          </Button>
        ),
      });
    });
    return () => {
      stop();
    };
  }, [notification, t]);

  return null;
};

export const NetworkNotices = () => (
  <>
    <OfflineNotice />
    <UpdatePrompt />
  </>
);
