/** All console strings of this language, one file per area; add an area by importing it here. */
import accountsPool from './accounts-pool';
import adConversions from './ad-conversions';
import aiHelp from './ai-help';
import alerts from './alerts';
import audit from './audit';
import backups from './backups';
import common from './common';
import content from './content';
import fileLibrary from './file-library';
import filePictures from './file-pictures';
import fileRevisions from './file-revisions';
import forms from './forms';
import history from './history';
import homePage from './home-page';
import leadPhone from './lead-phone';
import leadScore from './lead-score';
import leads from './leads';
import library from './library';
import login from './login';
import menu from './menu';
import navigation from './navigation';
import pages from './pages';
import redirects from './redirects';
import review from './review';
import roles from './roles';
import rule from './rule';
import settings from './settings';
import signIn from './sign-in';
import site from './site';
import staff from './staff';
import stats from './stats';
import userManagement from './userManagement';
import visits from './visits';
import wecomContact from './wecom-contact';

export { validateMessages } from './validate';

export default {
  ...accountsPool,
  ...adConversions,
  ...aiHelp,
  ...alerts,
  ...audit,
  ...backups,
  ...common,
  ...content,
  ...fileLibrary,
  ...filePictures,
  ...fileRevisions,
  ...forms,
  ...history,
  ...homePage,
  ...leadScore,
  ...leadPhone,
  ...leads,
  ...library,
  ...menu,
  ...navigation,
  ...login,
  ...pages,
  ...redirects,
  ...review,
  ...roles,
  ...rule,
  ...settings,
  ...signIn,
  ...staff,
  ...stats,
  ...site,
  ...userManagement,
  ...visits,
  ...wecomContact,
};
