import { createRoot } from 'react-dom/client';
import { Root } from './app/Root';
import { loadLocale } from './locales/intl';
import { isRtl, readStoredLocale } from './locales/list';
import { registerServiceWorker } from './pwa/register';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');

const lang = readStoredLocale();
document.documentElement.lang = lang;
document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';

// The locale chunk is tiny; the boot text of index.html stays until it is here.
void loadLocale(lang).then((locale) => {
  createRoot(container).render(<Root initialLocale={locale} />);
});

registerServiceWorker();
