/** The offline notice of spec §4: a banner while the browser is offline. */
import { useEffect, useState } from 'react';
import { PlainAlert } from '../components/plain/PlainAlert';
import { useIntl } from '../locales/intl';

/**
 * A banner while the browser is offline; plain (drawn like antd's warning banner, components/plain), so the
 * login page shows it without antd too.
 */
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
    <PlainAlert kind="warning-banner" style={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 2000 }}>
      {t('app.offline')}
    </PlainAlert>
  );
};
