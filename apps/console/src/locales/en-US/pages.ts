import type zh from '../zh-CN/pages';

export default {
  'pages.welcome.title': 'Welcome to the Yuexun console',
  'pages.welcome.description': 'Here you can use: {areas}.',
  'pages.welcome.separator': ', ',
  'pages.welcome.greeting': 'Hello, {name}',
  'pages.welcome.tenant': 'School: {tenant}',
  'pages.welcome.access': 'Role',
  'pages.welcome.access.admin': 'Administrator',
  'pages.welcome.access.user': 'Member',
  'pages.welcome.version': 'Console version',
  'pages.admin.title': 'Admin page',
  'pages.admin.description': 'Only administrators can see this page.',
  'pages.admin.sub.title': 'Admin sub-page',
  'pages.admin.sub.description':
    'This sub-page is for administrators only; users do not see it in the menu and get 403 when opening it.',
  'pages.exception.403': 'Sorry, you are not authorized to access this page.',
  'pages.exception.404': 'Sorry, the page you visited does not exist.',
  'pages.exception.500': 'Sorry, something went wrong on the server.',
  'pages.exception.title': 'Something went wrong',
  'pages.exception.code': 'Error code: {code}',
  'pages.exception.unknown': 'An unknown error occurred',
} satisfies Record<keyof typeof zh, string>;
