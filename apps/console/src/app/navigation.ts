/** Hash-route helpers shared by the request layer's redirects and the login page. */

/** The route part of the hash, without its query: '#/login?redirect=…' → '/login'. */
export const hashPath = (hash = window.location.hash) => {
  const route = hash.replace(/^#/, '') || '/';
  return route.split('?')[0] ?? '/';
};

export const LOGIN_HASH = '#/login';

/** Sends the user to the login page, remembering where they were (spec: back after logging in). */
export const goToLogin = () => {
  if (hashPath() === '/login' || hashPath() === '/user/login') return;
  const redirect = window.location.href;
  window.location.hash = `/login?redirect=${encodeURIComponent(redirect)}`;
};

/**
 * Where to go after logging in: the `redirect` query if it points into this console on this origin
 * (never elsewhere: an open redirect would help phishing), else the welcome page.
 */
export const afterLoginHash = (redirect: string | null): string => {
  if (!redirect) return '#/welcome';
  try {
    const target = new URL(redirect, window.location.href);
    if (target.origin !== window.location.origin || target.pathname !== window.location.pathname)
      return '#/welcome';
    const path = hashPath(target.hash);
    if (path === '/login' || path === '/user/login' || path === '/') return '#/welcome';
    return target.hash;
  } catch {
    return '#/welcome';
  }
};
