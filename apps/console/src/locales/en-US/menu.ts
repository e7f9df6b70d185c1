import type zh from '../zh-CN/menu';

export default {
  'menu.home': 'Home',
  'menu.welcome': 'Welcome',
  'menu.admin': 'Admin',
  'menu.admin.sub-page': 'Sub-page (admin only)',
  'menu.list': 'List',
  'menu.list.table-list': 'Search table',
  'menu.account': 'Account',
  'menu.account.settings': 'Account settings',
  'menu.userManagement': 'Users',
  'menu.userManagement.teacherRegister': 'Teacher registrations',
  'menu.login': 'Login',
  'menu.register': 'Teacher registration',
  'menu.exception': 'Exception',
  'menu.exception.403': '403',
  'menu.exception.404': '404',
  'menu.exception.500': '500',
} satisfies Record<keyof typeof zh, string>;
