/**
 * The access table of spec §6. Routes name a key of this table; a key may hold a boolean or a function of
 * the route. The server enforces the same rules: canAdmin is the admin of the selected school (auth level
 * `admin`); canManageSite is an admin of the vendor that owns the site (scope `site`, docs/decisions/021),
 * so a school's admin never sees content, products, leads or site settings.
 */
export interface AccessUser {
  access?: string | null;
  siteAccess?: string | null;
}

export interface AccessRoute {
  path?: string;
  access?: string;
  routes?: AccessRoute[];
}

export type AccessValue = boolean | ((route: AccessRoute) => boolean);
export type AccessTable = Record<string, AccessValue>;

export default function access(initialState: { currentUser?: AccessUser | null } | undefined): AccessTable {
  const { currentUser } = initialState ?? {};
  return {
    canAdmin: currentUser?.access === 'admin',
    canManageSite: currentUser?.siteAccess === 'admin',
  };
}

/** A route is inaccessible when its key maps to false (or to a function returning false). */
export const isRouteAccessible = (route: AccessRoute, table: AccessTable): boolean => {
  if (route.access === undefined) {
    // A parent whose children are all inaccessible is inaccessible itself.
    const children = route.routes?.filter((child) => child.path !== undefined) ?? [];
    return children.length === 0 || children.some((child) => isRouteAccessible(child, table));
  }
  const value = table[route.access];
  const allowed = typeof value === 'function' ? value(route) : value !== false;
  if (!allowed) return false;
  const children = route.routes?.filter((child) => child.path !== undefined) ?? [];
  return children.length === 0 || children.some((child) => isRouteAccessible(child, table));
};
