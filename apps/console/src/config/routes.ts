/**
 * The console's route table (hash routes). `name` is the menu's locale key (`menu.<name>`, nested names
 * joined by dots); `access` a key of the access table (src/access.ts, from the caller's permissions; a parent
 * without one is shown when any child is); `layout: false` renders the page
 * without the ProLayout frame; `component` loads the page lazily (one chunk per page).
 * Add a feature: append its routes here and its strings under src/locales/<lang>/<area>.ts.
 */
import { PASSWORD_LINK_ROUTE, PHONE_LEAD_ROUTE } from '@yuexun/contract/constants';
import type { RouteConfig } from './route-config';
import { siteRoutes } from './site-routes';

export type { PageModule, RouteConfig } from './route-config';

const routes: RouteConfig[] = [
  { path: '/login', layout: false, component: () => import('../pages/Login') },
  { path: '/user/login', layout: false, component: () => import('../pages/Login') },
  { path: '/user/register', layout: false, component: () => import('../pages/Register') },
  { path: PASSWORD_LINK_ROUTE, layout: false, component: () => import('../pages/PasswordLink') },
  { path: '/exception', layout: false, component: () => import('../pages/Exception') },
  // An alert's link opened inside a running console (the page starts alone otherwise, decision 065).
  { path: PHONE_LEAD_ROUTE, layout: false, component: () => import('../pages/LeadPhone/LeadPhoneView') },
  { path: '/welcome', name: 'menu.welcome', icon: 'smile', component: () => import('../pages/Welcome') },
  {
    path: '/admin',
    name: 'menu.admin',
    icon: 'crown',
    access: 'canAdmin',
    routes: [
      { path: '/admin', redirect: '/admin/sub-page' },
      {
        path: '/admin/sub-page',
        name: 'menu.admin.sub-page',
        access: 'canAdmin',
        component: () => import('../pages/Admin'),
      },
    ],
  },
  {
    // The spec's rule table (查询表格): a school's own rules, for its members (src/access.ts canRules); the
    // vendor's salespeople and editors have nothing to do there, so it is not in their menu.
    path: '/list',
    name: 'menu.list',
    icon: 'table',
    access: 'canRules',
    routes: [
      { path: '/list', redirect: '/list/table-list' },
      {
        path: '/list/table-list',
        name: 'menu.list.table-list',
        access: 'canRules',
        component: () => import('../pages/TableList'),
      },
    ],
  },
  {
    path: '/stats',
    name: 'menu.stats',
    icon: 'fund',
    access: 'canStats',
    routes: [
      { path: '/stats', redirect: '/stats/overview' },
      {
        path: '/stats/overview',
        name: 'menu.stats.overview',
        access: 'canStats',
        component: () => import('../pages/stats/Overview'),
      },
      {
        path: '/stats/detail',
        name: 'menu.stats.detail',
        access: 'canStats',
        hideInMenu: true,
        component: () => import('../pages/stats/Detail'),
      },
      {
        path: '/stats/spiders',
        name: 'menu.stats.spiders',
        access: 'canStats',
        component: () => import('../pages/stats/Spiders'),
      },
      {
        path: '/stats/push',
        name: 'menu.stats.push',
        access: 'canStats',
        component: () => import('../pages/stats/Push'),
      },
    ],
  },
  {
    path: '/userManagement',
    name: 'menu.userManagement',
    icon: 'team',
    routes: [
      { path: '/userManagement', redirect: '/userManagement/staff' },
      {
        path: '/userManagement/staff',
        name: 'menu.userManagement.staff',
        access: 'canStaff',
        component: () => import('../pages/Staff'),
      },
      {
        path: '/userManagement/roles',
        name: 'menu.userManagement.roles',
        access: 'canRoles',
        component: () => import('../pages/Roles'),
      },
      {
        path: '/userManagement/teacherRegister',
        name: 'menu.userManagement.teacherRegister',
        access: 'canTeacherRegister',
        component: () => import('../pages/TeacherRegister'),
      },
    ],
  },
  {
    path: '/content',
    name: 'menu.content',
    icon: 'read',
    routes: [
      { path: '/content', redirect: '/content/articles' },
      {
        path: '/content/articles',
        name: 'menu.content.articles',
        access: 'canContent',
        component: () => import('../pages/content/Articles'),
      },
      {
        path: '/content/articles/new',
        name: 'menu.content.article-edit',
        access: 'canEditArticles',
        hideInMenu: true,
        component: () => import('../pages/content/ArticleEditor'),
      },
      {
        path: '/content/articles/edit/:id',
        name: 'menu.content.article-edit',
        access: 'canEditArticles',
        hideInMenu: true,
        component: () => import('../pages/content/ArticleEditor'),
      },
      {
        path: '/content/categories',
        name: 'menu.content.categories',
        access: 'canContent',
        component: () => import('../pages/content/Categories'),
      },
      {
        path: '/content/products',
        name: 'menu.content.products',
        access: 'canContent',
        component: () => import('../pages/content/Products'),
      },
      {
        path: '/content/leads',
        name: 'menu.content.leads',
        access: 'canLeads',
        component: () => import('../pages/content/Leads'),
      },
      {
        path: '/content/accounts',
        name: 'menu.content.accounts',
        access: 'canLeads',
        component: () => import('../pages/content/Accounts'),
      },
      {
        path: '/content/accounts/:id',
        name: 'menu.content.account-detail',
        access: 'canLeads',
        hideInMenu: true,
        component: () => import('../pages/content/Accounts/AccountDetail'),
      },
      {
        path: '/content/lead-pool',
        name: 'menu.content.lead-pool',
        access: 'canLeadPool',
        component: () => import('../pages/content/LeadPool'),
      },
      {
        path: '/content/lead-sources',
        name: 'menu.content.lead-sources',
        access: 'canLeads',
        component: () => import('../pages/content/LeadSources'),
      },
      {
        path: '/content/files',
        name: 'menu.content.files',
        access: 'canContent',
        component: () => import('../pages/content/Files'),
      },
      {
        path: '/content/recycle',
        name: 'menu.content.recycle',
        access: 'canContent',
        component: () => import('../pages/content/RecycleBin'),
      },
      {
        path: '/content/audit',
        name: 'menu.content.audit',
        access: 'canAudit',
        component: () => import('../pages/content/AuditLog'),
      },
    ],
  },
  siteRoutes,
  {
    path: '/account',
    name: 'menu.account',
    icon: 'user',
    routes: [
      { path: '/account', redirect: '/account/settings' },
      {
        path: '/account/settings',
        name: 'menu.account.settings',
        component: () => import('../pages/AccountSettings'),
      },
    ],
  },
  { path: '/403', hideInMenu: true, component: () => import('../pages/Exception/Forbidden') },
  { path: '/404', hideInMenu: true, component: () => import('../pages/Exception/NotFound') },
  { path: '/500', hideInMenu: true, component: () => import('../pages/Exception/ServerError') },
  { path: '/', redirect: '/welcome' },
];

export default routes;
