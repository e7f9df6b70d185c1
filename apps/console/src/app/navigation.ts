/** Hash-route helpers shared by the request layer's redirects and the login page. */

/** The route part of the hash, without its query: '#/login?redirect=…' → '/login'. */
export const hashPath = (hash = window.location.hash) => {
  const route = hash.replace(/^#/, '') || '/';
  return route.split('?')[0] ?? '/';
};

export const LOGIN_HASH = '#/login';

/** Routes of the login page (spec §2: /user/login is treated as the login path too). */
export const LOGIN_PATHS = ['/login', '/user/login'];

export const isLoginPath = (path = hashPath()) => LOGIN_PATHS.includes(path);

/** The query of the hash route: '#/login?redirect=…' → its search parameters. */
export const hashQuery = (hash = window.location.hash) => new URLSearchParams(hash.split('?')[1] ?? '');

/** Sends the user to the login page, remembering where they were (spec: back after logging in). */
export const goToLogin = () => {
  if (isLoginPath()) return;
  const redirect = window.location.href;
  window.location.hash = `/login?redirect=${encodeURIComponent(redirect)}`;
};

/**
 * Where to go after logging in: the `redirect` query if it points into this console (its hash) or to a page
 * of the site on this origin (the site's 登录 link sends the page it was on: its address is returned whole,
 * for a full navigation); never elsewhere, since an open redirect would help phishing. Else the welcome page.
 */
export const afterLoginTarget = (redirect: string | null): string => {
  if (!redirect) return '#/welcome';
  try {
    const target = new URL(redirect, window.location.href);
    if (target.origin !== window.location.origin) return '#/welcome';
    if (target.pathname !== window.location.pathname) return target.href;
    const path = hashPath(target.hash);
    if (isLoginPath(path) || path === '/') return '#/welcome';
    return target.hash;
  } catch {
    return '#/welcome';
  }
};
