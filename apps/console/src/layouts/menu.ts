/** Menu data from the route table: only named, visible, accessible routes; empty parents disappear. */
import { type AccessTable, isRouteAccessible } from '../access';
import type { RouteConfig } from '../config/routes';
import type { MessageId } from '../locales/intl';

export interface MenuEntry {
  path: string;
  name: string;
  icon?: string;
  children?: MenuEntry[];
}

export const buildMenu = (
  routes: RouteConfig[],
  access: AccessTable,
  t: (id: MessageId) => string,
): MenuEntry[] =>
  routes.flatMap((route): MenuEntry[] => {
    if (!route.name || route.hideInMenu || route.layout === false || route.redirect) return [];
    if (!isRouteAccessible(route, access)) return [];
    const children = route.routes ? buildMenu(route.routes, access, t) : undefined;
    if (route.routes && children?.length === 0) return [];
    return [{ path: route.path, name: t(route.name), icon: route.icon, children }];
  });
