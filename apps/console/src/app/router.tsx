/**
 * Builds the hash router from src/config/routes.ts: pages load lazily (one chunk each), routes with
 * `layout: false` render bare, the others inside the lazily loaded BasicLayout; an inaccessible route
 * renders the 403 page (hiding it from the menu is never the only guard: the server checks too).
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { isRouteAccessible } from '../access';
import { PageLoading } from '../components/PageLoading';
import routes, { type RouteConfig } from '../config/routes';
import { useInitialState } from './initial-state';

const BasicLayout = lazy(() => import('../layouts/BasicLayout'));
const Forbidden = lazy(() => import('../pages/Exception/Forbidden'));
const NotFound = lazy(() => import('../pages/Exception/NotFound'));

const lazyPages = new Map<RouteConfig['component'], ComponentType>();
const pageOf = (route: RouteConfig) => {
  const load = route.component;
  if (!load) return undefined;
  let page = lazyPages.get(load);
  if (!page) {
    page = lazy(load);
    lazyPages.set(load, page);
  }
  return page;
};

/** Walks up the table to judge a route with its ancestors' keys as well. */
const ancestorsOf = (
  target: RouteConfig,
  list = routes,
  trail: RouteConfig[] = [],
): RouteConfig[] | undefined => {
  for (const route of list) {
    if (route === target) return trail;
    const found = route.routes && ancestorsOf(target, route.routes, [...trail, route]);
    if (found) return found;
  }
  return undefined;
};

const Guarded = ({ route, Page }: { route: RouteConfig; Page: ComponentType }) => {
  const { access, loading } = useInitialState();
  if (loading) return <PageLoading />;
  const chain = [...(ancestorsOf(route) ?? []).filter((r) => r.access !== undefined), route];
  const allowed = chain.every((r) => isRouteAccessible({ path: r.path, access: r.access }, access));
  return <Suspense fallback={<PageLoading />}>{allowed ? <Page /> : <Forbidden />}</Suspense>;
};

const toRouteObjects = (list: RouteConfig[]): RouteObject[] =>
  list.flatMap((route): RouteObject[] => {
    if (route.redirect) return [{ path: route.path, element: <Navigate to={route.redirect} replace /> }];
    const Page = pageOf(route);
    const own: RouteObject[] = Page
      ? [{ path: route.path, element: <Guarded route={route} Page={Page} /> }]
      : [];
    return [...own, ...(route.routes ? toRouteObjects(route.routes) : [])];
  });

const bare = routes.filter((r) => r.layout === false);
const framed = routes.filter((r) => r.layout !== false);

export const router = createHashRouter([
  ...toRouteObjects(bare),
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <BasicLayout />
      </Suspense>
    ),
    children: [
      ...toRouteObjects(framed),
      {
        path: '*',
        element: (
          <Suspense fallback={<PageLoading />}>
            <NotFound />
          </Suspense>
        ),
      },
    ],
  },
]);
