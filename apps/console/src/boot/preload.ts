/**
 * A first load on a console route (an alert's link to 销售线索 on a phone): what the page needs is asked for
 * at once and side by side — the page's own chunk, the ProLayout frame, the whole language and the current
 * user — instead of one after another as rendering reaches each (decision 059). Later renders find them
 * loaded (a module is fetched once; the user's answer waits for the initial state).
 */
import { prefetchCurrentUser } from '../app/current-user';
import { PUBLIC_PATHS } from '../app/public-paths';
import routes, { type RouteConfig } from '../config/routes';
import { loadLocale } from '../locales/load';

/** '/content/articles/edit/:id' matches '/content/articles/edit/7'. */
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path);

const find = (list: RouteConfig[], path: string): RouteConfig | undefined => {
  for (const route of list) {
    if (route.component && matches(route.path, path)) return route;
    const inner = route.routes && find(route.routes, path);
    if (inner) return inner;
  }
  return undefined;
};

export const preloadConsole = (path: string, lang: string) => {
  void loadLocale(lang).catch(() => undefined);
  if (PUBLIC_PATHS.includes(path)) return;
  prefetchCurrentUser();
  const route = find(routes, path);
  void route?.component?.().catch(() => undefined);
  if (route?.layout !== false) void import('../layouts/BasicLayout').catch(() => undefined);
};
