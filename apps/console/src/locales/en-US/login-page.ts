/**
 * The strings the login page needs on its first load (the app's, the menu's and the login's), loaded on
 * their own so the page does not carry the whole console's (locales/login-locale.ts).
 */
import common from './common';
import login from './login';
import menu from './menu';

export default { ...common, ...menu, ...login };
