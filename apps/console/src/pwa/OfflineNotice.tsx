/** The offline notice of spec §4: a banner while the browser is offline. */
// A deep import: this file is on the login page's first load (see pages/Login/LoginView.tsx).
import Alert from 'antd/es/alert';
import { useEffect, useState } from 'react';
import { useIntl } from '../locales/intl';

/** A banner while the browser is offline; needs no antd App, so the login shell shows it too. */
export const OfflineNotice = () => {
  const { t } = useIntl();
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    const update = () => setOffline(navigator.onLine === false);
    update();
    window.addEventListener('offline', update);
    window.addEventListener('online', update);
    return () => {
      window.removeEventListener('offline', update);
      window.removeEventListener('online', update);
    };
  }, []);

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
