/** All console strings of this language, one file per area; add an area by importing it here. */
import alerts from './alerts';
import audit from './audit';
import common from './common';
import content from './content';
import history from './history';
import homePage from './home-page';
import login from './login';
import menu from './menu';
import navigation from './navigation';
import pages from './pages';
import redirects from './redirects';
import roles from './roles';
import rule from './rule';
import settings from './settings';
import site from './site';
import staff from './staff';
import stats from './stats';
import userManagement from './userManagement';

export { validateMessages } from './validate';

export default {
  ...alerts,
  ...audit,
  ...common,
  ...content,
  ...history,
  ...homePage,
  ...menu,
  ...navigation,
  ...login,
  ...pages,
  ...redirects,
  ...roles,
  ...rule,
  ...settings,
  ...staff,
  ...stats,
  ...site,
  ...userManagement,
};
