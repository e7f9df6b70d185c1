/** All console strings of this language, one file per area; add an area by importing it here. */
import common from './common';
import content from './content';
import login from './login';
import menu from './menu';
import pages from './pages';
import rule from './rule';
import settings from './settings';
import userManagement from './userManagement';

export { validateMessages } from './validate';

export default {
  ...common,
  ...content,
  ...menu,
  ...login,
  ...pages,
  ...rule,
  ...settings,
  ...userManagement,
};
