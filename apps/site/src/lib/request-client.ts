/** The islands' request client (packages/request) with the site's own minimal display. */
import { createRequestClient } from '@yuexun/request';

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
  navigate: (url) => window.location.assign(url),
  currentLocation: () => window.location.href,
});
