/**
 * The access table of spec §6. Routes name a key of this table; a key may hold a boolean or a function of
 * the route. The keys come from the caller's permissions, which the console reads from the same source the
 * server checks (`inquireOperationCodeListByProductAccount` with appKey=console, docs/decisions/032):
 * site permissions from the caller's role in the vendor, tenant ones from the role in the selected
 * organisation. So a page or button is shown exactly when the server would answer its actions.
 * `canAdmin` stays the spec's flag: true exactly for the admin of the selected organisation.
 */
import type { Permission } from '@yuexun/contract/permissions';

export interface AccessUser {
  access?: string | null;
  siteAccess?: string | null;
  /** school | vendor: the kind of the selected organisation. */
  tenantKind?: string | null;
}

export interface AccessRoute {
  path?: string;
  access?: string;
  routes?: AccessRoute[];
}

export type AccessValue = boolean | ((route: AccessRoute) => boolean);
export type AccessTable = Record<string, AccessValue>;

/**
 * Each key of the table and the permission it stands for. Pages use the reading keys; buttons that
 * change something use the writing ones (a read-only role sees the list without 新建 / 删除).
 */
export const ACCESS_PERMISSIONS = {
  /** Content pages: articles, categories, products, files, the recycle bin. */
  canContent: 'content.read',
  canEditArticles: 'articles.write',
  /** 发布 / 下线 and the 待审核 queue's decisions; without it the editor offers 提交审核 (decision 051). */
  canPublishArticles: 'articles.publish',
  canEditCategories: 'categories.write',
  canEditProducts: 'products.write',
  canPublishProducts: 'products.publish',
  canEditFiles: 'files.write',
  /** 站点管理 → 表单. */
  canForms: 'forms.write',
  /** 销售线索 and its sources; without leads.read.all the server answers only the caller's own leads. */
  canLeads: 'leads.read',
  canAllLeads: 'leads.read.all',
  canEditLeads: 'leads.write',
  canExportLeads: 'leads.export',
  canLeadRoutes: 'leads.routes',
  /** 站点管理 → 线索评分 (decision 057). */
  canLeadScoring: 'leads.scoring',
  /** 公海 (decision 058): claiming; its settings and statistics; merging leads and schools. */
  canLeadPool: 'leads.pool',
  canLeadPoolManage: 'leads.pool.manage',
  canMergeLeads: 'leads.merge',
  canStats: 'stats.read',
  /** 站点管理: settings, navigation, page SEO, home page, alerts, redirects. */
  canSettings: 'settings.read',
  canEditSettings: 'settings.write',
  canAudit: 'audit.read',
  /** 登录方式: the identity provider and the SSO policy (decision 052). */
  canSignIn: 'signin.manage',
  /** 备份: the schedule, 立即备份 and the archives' download (decision 045); the built-in 管理员 only. */
  canBackups: 'backups.manage',
  canStaff: 'staff.write',
  /** 角色管理: the list needs staff.write (the staff form picks from it), changes need roles.write. */
  canRoles: 'staff.write',
  canEditRoles: 'roles.write',
} as const satisfies Record<string, Permission>;

export type AccessKey = keyof typeof ACCESS_PERMISSIONS | 'canAdmin' | 'canRules' | 'canTeacherRegister';

export interface AccessState {
  currentUser?: AccessUser | null;
  /** The caller's permissions (operation codes of the console); absent or empty grants nothing. */
  permissions?: readonly string[] | null;
}

/** The table of one caller: every key a boolean. */
export type Access = AccessTable & Record<AccessKey, boolean>;

export default function access(initialState: AccessState | undefined): Access {
  const { currentUser, permissions } = initialState ?? {};
  const held = new Set(currentUser ? (permissions ?? []) : []);
  const keys = Object.fromEntries(
    Object.entries(ACCESS_PERMISSIONS).map(([key, permission]) => [key, held.has(permission)]),
  ) as Record<keyof typeof ACCESS_PERMISSIONS, boolean>;
  return {
    ...keys,
    canAdmin: currentUser?.access === 'admin',
    // The spec's rule table (查询表格) holds a school's own rules: it serves the school's members, not the
    // vendor's salespeople and editors.
    canRules: currentUser?.tenantKind === 'school',
    // Teachers register with a school, never with the vendor: 教师注册 is a school's page.
    canTeacherRegister: keys.canStaff && currentUser?.tenantKind === 'school',
  };
}

/**
 * A route is inaccessible when its key maps to false (or to a function returning false). A key the table
 * does not know counts as false: a misspelt key hides the page instead of opening it to everyone.
 */
export const isRouteAccessible = (route: AccessRoute, table: AccessTable): boolean => {
  if (route.access === undefined) {
    // A parent whose children are all inaccessible is inaccessible itself.
    const children = route.routes?.filter((child) => child.path !== undefined) ?? [];
    return children.length === 0 || children.some((child) => isRouteAccessible(child, table));
  }
  const value = table[route.access];
  const allowed = typeof value === 'function' ? value(route) : value === true;
  if (!allowed) return false;
  const children = route.routes?.filter((child) => child.path !== undefined) ?? [];
  return children.length === 0 || children.some((child) => isRouteAccessible(child, table));
};
