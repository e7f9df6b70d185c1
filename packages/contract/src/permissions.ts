/**
 * Permissions and built-in roles (docs/decisions/032-roles-and-permissions.md). A permission is named after a
 * group of contract actions; every action that needs more than a session declares one (`ActionDef.permission`),
 * and the server's registry checks it in one place against the caller's role. Site permissions are looked up
 * in the caller's role in the vendor (the organisation that owns the site), tenant permissions in the role in
 * the selected organisation (docs/decisions/021).
 *
 * Kept free of zod so the console's access table can import it cheaply.
 */

/**
 * Permissions of the site (actions with scope `site`): the vendor's staff, by the part of the console they open
 * (content, leads, the site itself), the order the role editor shows them in.
 */
export const SITE_PERMISSION_GROUPS = {
  content: [
    'content.read',
    'articles.write',
    'articles.publish',
    'categories.write',
    'products.write',
    'products.publish',
    'files.write',
    'forms.write',
  ],
  leads: [
    'leads.read',
    'leads.read.all',
    'leads.write',
    'leads.export',
    'leads.routes',
    'leads.scoring',
    'leads.pool',
    'leads.pool.manage',
    'leads.merge',
  ],
  site: ['stats.read', 'settings.read', 'settings.write', 'audit.read', 'backups.manage', 'signin.manage'],
} as const;

export const SITE_PERMISSIONS = [
  ...SITE_PERMISSION_GROUPS.content,
  ...SITE_PERMISSION_GROUPS.leads,
  ...SITE_PERMISSION_GROUPS.site,
] as const;

/** Permissions inside the selected organisation (scope `tenant`): its staff and roles. */
export const TENANT_PERMISSIONS = ['staff.write', 'roles.write'] as const;

export const PERMISSIONS = [...SITE_PERMISSIONS, ...TENANT_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type SitePermission = (typeof SITE_PERMISSIONS)[number];
export type TenantPermission = (typeof TENANT_PERMISSIONS)[number];

/** Chinese name of each permission: the role editor, audit lines and the 403 message. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'content.read': '查看内容（文章、栏目、产品、文件、历史版本、回收站）',
  'articles.write': '编辑文章（保存草稿、提交审核）',
  'articles.publish': '发布文章（含审核通过、下线）',
  'categories.write': '管理栏目',
  'products.write': '管理产品和标签（保存未上架、提交审核）',
  'products.publish': '发布产品（含审核通过、上架、下架）',
  'files.write': '管理文件（上传公开文件、删除）',
  'forms.write': '表单设计',
  'leads.read': '查看线索（仅分配给自己的）',
  'leads.read.all': '查看全部线索',
  'leads.write': '跟进和更新线索',
  'leads.export': '导出线索',
  'leads.routes': '管理线索分配规则',
  'leads.scoring': '管理线索评分规则',
  'leads.pool': '领取公海线索',
  'leads.pool.manage': '公海设置与统计',
  'leads.merge': '合并线索与客户（可撤销）',
  'stats.read': '查看统计',
  'settings.read': '查看站点设置（含告警、跳转）',
  'settings.write': '修改站点设置（含告警、跳转、搜索推送、广告转化回传）',
  'audit.read': '查看操作日志',
  'backups.manage': '管理备份（计划、立即备份、下载备份文件）',
  'signin.manage': '登录方式设置（企业账号登录、仅允许企业账号登录）',
  'staff.write': '管理员工',
  'roles.write': '管理角色',
};

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

/** Built-in roles: created for every organisation, never edited or deleted. */
export const BUILTIN_ROLE_KEYS = ['admin', 'editor', 'writer', 'sales', 'viewer', 'staff'] as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[number];

export const BUILTIN_ROLE_NAMES: Record<BuiltinRoleKey, string> = {
  admin: '管理员',
  editor: '内容编辑',
  writer: '撰稿人',
  sales: '销售',
  viewer: '只读',
  staff: '教职工',
};

/** The vendor's built-in roles; a school keeps its admin and its staff (docs/decisions/021). */
export const VENDOR_ROLE_KEYS = [
  'admin',
  'editor',
  'writer',
  'sales',
  'viewer',
] as const satisfies readonly BuiltinRoleKey[];
export const SCHOOL_ROLE_KEYS = ['admin', 'staff'] as const satisfies readonly BuiltinRoleKey[];

/**
 * What each built-in role may do. 只读 reads everything except sales leads (personal data). 内容编辑 publishes
 * (and approves others' submissions); 撰稿人 writes and submits for review (docs/decisions/051).
 */
export const BUILTIN_ROLE_PERMISSIONS: Record<BuiltinRoleKey, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: [
    'content.read',
    'articles.write',
    'articles.publish',
    'categories.write',
    'products.write',
    'products.publish',
    'files.write',
    'forms.write',
  ],
  writer: ['content.read', 'articles.write', 'products.write', 'files.write'],
  sales: ['leads.read', 'leads.write', 'leads.export', 'leads.pool'],
  viewer: ['content.read', 'stats.read', 'settings.read', 'audit.read'],
  staff: [],
};

/** Most custom roles a organisation may have. */
export const CUSTOM_ROLE_MAX = 50;
export const ROLE_NAME_MAX = 20;

/** The operation codes the console asks for with this app key are the caller's permissions. */
export const CONSOLE_APP_KEY = 'console';
