/**
 * Registers the console's service worker (scope: the console's own path) and reports when a new build
 * is waiting. The page shows the refresh prompt (UpdatePrompt) and tells the worker to take over.
 */
type Listener = (worker: ServiceWorker) => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | undefined;

const announce = (worker: ServiceWorker) => {
  waiting = worker;
  for (const listener of listeners) listener(worker);
};

export const onUpdateReady = (listener: Listener) => {
  listeners.add(listener);
  if (waiting) listener(waiting);
  return () => listeners.delete(listener);
};

/** Activates the waiting build; the page reloads once the new worker controls it. */
export const applyUpdate = (worker: ServiceWorker) => {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
};

export const registerServiceWorker = () => {
  // Development serves sources, not a build: no worker there.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .then((registration) => {
        // A waiting worker with a controlling one means a newer build than the page's.
        if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
          });
        });
        // Deployments while the console stays open: look again when the tab comes back.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
        });
      })
      .catch(() => undefined);
  });
};
