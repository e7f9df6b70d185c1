import { BUILTIN_ROLE_PERMISSIONS } from '@yuexun/contract/permissions';
import { describe, expect, it } from 'vitest';
import access, { ACCESS_PERMISSIONS, isRouteAccessible } from './access';
import routes, { type RouteConfig } from './config/routes';
import { buildMenu, type MenuEntry } from './layouts/menu';

const vendorMember = { access: 'user', siteAccess: 'user' };
const as = (role: keyof typeof BUILTIN_ROLE_PERMISSIONS, user = vendorMember) =>
  access({
    currentUser: role === 'admin' ? { access: 'admin', siteAccess: 'admin' } : user,
    permissions: BUILTIN_ROLE_PERMISSIONS[role],
  });

/** Menu paths of a table: what the side menu shows. */
const menuPaths = (table: ReturnType<typeof access>) => {
  const flat = (entries: MenuEntry[]): string[] =>
    entries.flatMap((e) => [e.path, ...(e.children ? flat(e.children) : [])]);
  return flat(buildMenu(routes, table, (id) => id));
};

const routeKeys = (list: RouteConfig[]): string[] =>
  list.flatMap((r) => [...(r.access ? [r.access] : []), ...(r.routes ? routeKeys(r.routes) : [])]);

describe('access', () => {
  it('grants canAdmin only when access is admin, whatever the permissions', () => {
    expect(access({ currentUser: { access: 'admin' } }).canAdmin).toBe(true);
    expect(
      access({ currentUser: { access: 'user' }, permissions: BUILTIN_ROLE_PERMISSIONS.admin }).canAdmin,
    ).toBe(false);
    expect(access({ currentUser: null }).canAdmin).toBe(false);
    expect(access(undefined).canAdmin).toBe(false);
  });

  it('turns each permission into its key and grants nothing without a user', () => {
    const table = access({ currentUser: vendorMember, permissions: ['leads.read', 'leads.export'] });
    expect(table.canLeads).toBe(true);
    expect(table.canExportLeads).toBe(true);
    expect(table.canAllLeads).toBe(false);
    expect(table.canContent).toBe(false);
    const none = access({ currentUser: null, permissions: BUILTIN_ROLE_PERMISSIONS.admin });
    for (const key of Object.keys(ACCESS_PERMISSIONS)) expect(none[key]).toBe(false);
    // Unknown codes (another product's) grant nothing.
    expect(Object.values(access({ currentUser: vendorMember, permissions: ['x.y'] })).some((v) => v)).toBe(
      false,
    );
  });

  it('gives the built-in 管理员 every key', () => {
    const table = as('admin');
    for (const key of Object.keys(ACCESS_PERMISSIONS)) expect(table[key]).toBe(true);
  });

  it('内容编辑: content pages and their buttons, the form builder, no leads, settings, statistics, staff or roles', () => {
    const table = as('editor');
    expect(table).toMatchObject({
      canContent: true,
      canEditArticles: true,
      canEditCategories: true,
      canEditProducts: true,
      canEditFiles: true,
      canForms: true,
      canLeads: false,
      canSettings: false,
      canStats: false,
      canAudit: false,
      canStaff: false,
      canRoles: false,
      canAdmin: false,
    });
    const menu = menuPaths(table);
    expect(menu).toEqual(
      expect.arrayContaining(['/content', '/content/articles', '/content/files', '/site/forms']),
    );
    for (const absent of [
      '/content/leads',
      '/content/lead-sources',
      '/content/audit',
      '/site/settings',
      '/stats',
    ])
      expect(menu).not.toContain(absent);
  });

  it('备份 is the built-in 管理员’s alone: no other vendor role sees it or may open it', () => {
    expect(menuPaths(as('admin'))).toContain('/site/backups');
    for (const role of ['editor', 'writer', 'sales', 'viewer'] as const) {
      expect(as(role).canBackups).toBe(false);
      expect(menuPaths(as(role))).not.toContain('/site/backups');
    }
  });

  it('撰稿人: writes articles and products but does not publish them (decision 051)', () => {
    expect(as('writer')).toMatchObject({
      canContent: true,
      canEditArticles: true,
      canPublishArticles: false,
      canEditProducts: true,
      canPublishProducts: false,
      canEditCategories: false,
    });
    expect(as('editor')).toMatchObject({ canPublishArticles: true, canPublishProducts: true });
  });

  it('销售: only the leads pages, own leads only, export allowed', () => {
    const table = as('sales');
    expect(table).toMatchObject({
      canLeads: true,
      canEditLeads: true,
      canExportLeads: true,
      canAllLeads: false,
      canContent: false,
      canSettings: false,
    });
    const menu = menuPaths(table);
    expect(menu).toEqual(expect.arrayContaining(['/content', '/content/leads', '/content/lead-sources']));
    for (const absent of ['/content/articles', '/site', '/site/settings', '/stats', '/userManagement'])
      expect(menu).not.toContain(absent);
  });

  it('只读: reads content, statistics, settings and the audit log, writes nothing and sees no leads', () => {
    const table = as('viewer');
    expect(table).toMatchObject({
      canContent: true,
      canStats: true,
      canSettings: true,
      canAudit: true,
      canEditArticles: false,
      canEditSettings: false,
      canLeads: false,
      canExportLeads: false,
    });
    // The article editor is a writing page: its address is closed to a read-only role.
    const editor = { path: '/content/articles/new', access: 'canEditArticles' };
    expect(isRouteAccessible(editor, table)).toBe(false);
    expect(isRouteAccessible(editor, as('editor'))).toBe(true);
  });

  it('the rule table and 教师注册 are a school’s pages: shown in a school, not at the vendor', () => {
    const at = (tenantKind: string) =>
      access({
        currentUser: { access: 'admin', siteAccess: 'admin', tenantKind },
        permissions: BUILTIN_ROLE_PERMISSIONS.admin,
      });
    expect(at('school')).toMatchObject({ canRules: true, canTeacherRegister: true });
    expect(at('vendor')).toMatchObject({ canRules: false, canTeacherRegister: false, canStaff: true });
    expect(menuPaths(at('vendor'))).not.toContain('/list/table-list');
    expect(menuPaths(at('school'))).toContain('/list/table-list');
    // A school's 教职工 holds no permission: the rule table, not 教师注册.
    expect(access({ currentUser: { access: 'user', tenantKind: 'school' }, permissions: [] })).toMatchObject({
      canRules: true,
      canTeacherRegister: false,
    });
  });

  it('every access key of the route table exists in the table (a misspelt key would hide its page)', () => {
    const known = Object.keys(as('admin'));
    for (const key of routeKeys(routes)) expect(known).toContain(key);
    expect(isRouteAccessible({ path: '/x', access: 'canNoSuchThing' }, as('admin'))).toBe(false);
  });

  it('hides a route whose key maps to false and keeps routes without a key', () => {
    const table = access({ currentUser: { access: 'user' } });
    expect(isRouteAccessible({ path: '/admin', access: 'canAdmin' }, table)).toBe(false);
    expect(isRouteAccessible({ path: '/welcome' }, table)).toBe(true);
    expect(
      isRouteAccessible({ path: '/admin', access: 'canAdmin' }, access({ currentUser: { access: 'admin' } })),
    ).toBe(true);
  });

  it('accepts a function of the route as the access value', () => {
    const table = { canSee: (route: { path?: string }) => route.path === '/a' };
    expect(isRouteAccessible({ path: '/a', access: 'canSee' }, table)).toBe(true);
    expect(isRouteAccessible({ path: '/b', access: 'canSee' }, table)).toBe(false);
  });

  it('hides a parent whose children are all inaccessible', () => {
    const table = access({ currentUser: { access: 'user' } });
    const parent = {
      path: '/users',
      routes: [
        { path: '/users/a', access: 'canAdmin' },
        { path: '/users/b', access: 'canAdmin' },
      ],
    };
    expect(isRouteAccessible(parent, table)).toBe(false);
    expect(isRouteAccessible(parent, access({ currentUser: { access: 'admin' } }))).toBe(true);
    expect(
      isRouteAccessible(
        { path: '/mixed', routes: [{ path: '/mixed/a', access: 'canAdmin' }, { path: '/mixed/b' }] },
        table,
      ),
    ).toBe(true);
  });
});
