/**
 * Routes shown without a session: no user is fetched there. Kept apart from the route table, which loads
 * every page (the initial state reads this list, and pages read the initial state), and from
 * navigation.ts, which the build's config loads under Node (no contract import there).
 */
import { PASSWORD_LINK_ROUTE } from '@yuexun/contract/constants';
import { LOGIN_PATHS } from './navigation';

export const PUBLIC_PATHS = [
  ...LOGIN_PATHS,
  '/user/register',
  PASSWORD_LINK_ROUTE,
  '/exception',
  '/403',
  '/404',
  '/500',
];
