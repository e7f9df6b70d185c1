/** 站点管理: the vendor's site settings, each page behind its own permission (access.ts). */
import type { RouteConfig } from './route-config';

export const siteRoutes: RouteConfig = {
  path: '/site',
  name: 'menu.site',
  icon: 'global',
  routes: [
    { path: '/site', redirect: '/site/settings' },
    {
      path: '/site/settings',
      name: 'menu.site.settings',
      access: 'canSettings',
      component: () => import('../pages/site/SiteSettings'),
    },
    {
      path: '/site/navigation',
      name: 'menu.site.navigation',
      access: 'canSettings',
      component: () => import('../pages/site/Navigation'),
    },
    {
      path: '/site/seo',
      name: 'menu.site.seo',
      access: 'canSettings',
      component: () => import('../pages/site/PageSeo'),
    },
    {
      path: '/site/home',
      name: 'menu.site.home',
      access: 'canSettings',
      component: () => import('../pages/site/HomePage'),
    },
    {
      path: '/site/alerts',
      name: 'menu.site.alerts',
      access: 'canSettings',
      component: () => import('../pages/site/Alerts'),
    },
    {
      path: '/site/forms',
      name: 'menu.site.forms',
      access: 'canForms',
      component: () => import('../pages/site/Forms'),
    },
    {
      path: '/site/lead-score',
      name: 'menu.site.leadScore',
      access: 'canLeadScoring',
      component: () => import('../pages/site/LeadScore'),
    },
    {
      path: '/site/redirects',
      name: 'menu.site.redirects',
      access: 'canSettings',
      component: () => import('../pages/site/Redirects'),
    },
    {
      path: '/site/ad-conversions',
      name: 'menu.site.adConversions',
      access: 'canEditSettings',
      component: () => import('../pages/site/AdConversions'),
    },
    {
      path: '/site/ai-help',
      name: 'menu.site.aiHelp',
      access: 'canEditSettings',
      component: () => import('../pages/site/AiHelp'),
    },
    {
      path: '/site/sign-in',
      name: 'menu.site.signIn',
      access: 'canSignIn',
      component: () => import('../pages/site/SignIn'),
    },
    {
      path: '/site/backups',
      name: 'menu.site.backups',
      access: 'canBackups',
      component: () => import('../pages/site/Backups'),
    },
  ],
};
