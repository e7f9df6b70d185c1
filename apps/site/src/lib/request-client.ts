/** The islands' request client (packages/request) with the site's own minimal display. */
import { createRequestClient, DEFAULT_ERROR_PATH, DEFAULT_LOGIN_PATH } from '@yuexun/request';
import { href } from './href';

/** BASE_PATH as the layout writes it on <html data-base> (islands also render on the server: no document). */
const basePath = typeof document === 'undefined' ? '/' : (document.documentElement.dataset.base ?? '/');

let notify: (text: string) => void = (text) => {
  const box = document.getElementById('chunk-error');
  if (box) {
    box.textContent = text;
    box.hidden = false;
  }
};

/** An island may route messages to its own banner while it is mounted. */
export const setNotifier = (fn: (text: string) => void) => {
  notify = fn;
};

export const siteClient = createRequestClient({
  ui: {
    message: { warning: (text: string) => notify(text), error: (text: string) => notify(text) },
    notification: {
      error: ({ message, description }: { message: string; description?: string }) =>
        notify(description ? `${message} ${description}` : message),
    },
  },
  // 401 → the console's login page, showType 9 → the error page, both under the base path (spec §2).
  loginPath: href(basePath, DEFAULT_LOGIN_PATH),
  errorPath: href(basePath, DEFAULT_ERROR_PATH),
  navigate: (url) => window.location.assign(url),
  currentLocation: () => window.location.href,
});
