/** The offline notice (network dropped) and the refresh prompt (a new build is deployed), spec §4. */
import { Alert, App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from '../locales/intl';
import { applyUpdate, onUpdateReady } from './register';

export const NetworkNotices = () => {
  const { t } = useIntl();
  const { notification } = App.useApp();
  const [offline, setOffline] = useState(
    () => typeof navigator !== 'undefined' && navigator.onLine === false,
  );

  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

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

  if (!offline) return null;
  return (
    <Alert
      role="alert"
      type="warning"
      showIcon
      banner
      title={t('app.offline')}
      style={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 2000 }}
    />
  );
};
