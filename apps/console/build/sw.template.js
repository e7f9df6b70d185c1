/* Console service worker, scope /home/2.0/login/ only. It caches the console's own index and hashed
 * assets so the shell opens offline; API calls (/store/api, /news/api, /fs/api …) are never touched. */
const BUILD_ID = __BUILD_ID__;
const PRECACHE = __PRECACHE__;
const CACHE = `yuexun-console-${BUILD_ID}`;
const SCOPE = self.registration.scope;

self.addEventListener('install', (event) => {
  // Not skipWaiting: the page asks the user before the new build takes over.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, SCOPE).href))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('yuexun-console-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data && event.data.type === 'GET_BUILD_ID')
    event.source?.postMessage({ type: 'BUILD_ID', BUILD_ID });
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!url.href.startsWith(SCOPE)) return;
  const path = url.href.slice(SCOPE.length);
  if (path.startsWith('assets/')) {
    // Hashed names never change content: cache first.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  if (request.mode === 'navigate' || path === '' || path === 'index.html') {
    // The index is network first, so a deployment shows up at once; the cached copy serves offline.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(new URL('./', SCOPE).href).then((hit) => hit || Response.error()),
      ),
    );
  }
});
