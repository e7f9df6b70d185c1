/**
 * The entry: a few lines that pick what to start. The login page is prerendered into index.html; its
 * code (preloaded by build/prerender-login-plugin.ts) is started after that page is on screen, so the
 * user sees it before React and antd are evaluated. The phone lead page an alert's link opens starts alone
 * (boot/lead-phone.tsx, decision 065), its first calls asked for here. Every other route starts the whole console.
 */
import { recordBuildId } from './app/build-id';
import { hashPath, hashQuery, isLoginPath } from './app/navigation';
import { isPhoneLeadPath } from './app/phone-lead';
import { isRtl, readStoredLocale } from './locales/list';
import { startFirstCalls } from './pages/LeadPhone/first-calls';
import { registerServiceWorker } from './pwa/register';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');

recordBuildId();
const lang = readStoredLocale();
document.documentElement.lang = lang;
document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';

/** Resolves once the browser has painted the current frame. */
const afterPaint = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));

if (isLoginPath(hashPath())) {
  void afterPaint()
    .then(() => import('./boot/login'))
    .then(({ mountLogin }) => mountLogin(container, lang));
} else if (isPhoneLeadPath(hashPath())) {
  // An alert's link: the phone lead page alone, without the console (decision 065). Its first calls go out
  // now, beside its code, not after it (pages/LeadPhone/first-calls.ts).
  startFirstCalls(hashQuery().toString());
  void import('./boot/lead-phone').then(({ mountLeadPhone }) => mountLeadPhone(container, lang));
} else {
  // The page's chunk, the frame, the language and the user, asked for beside the console's code.
  void import('./boot/preload').then(({ preloadConsole }) => preloadConsole(hashPath(), lang));
  void import('./boot/console').then(({ mountConsole }) => mountConsole(container, lang));
}

registerServiceWorker();
