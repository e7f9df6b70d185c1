// Demo schools, staff, teacher registrations and the school applications (plugins) with operation codes.

export const demoTenants = [
  { key: 'demo', name: '悦讯实验学校', region: '浙江省杭州市', schoolType: 'primary' },
  { key: 'second', name: '青溪区第二实验小学', region: '浙江省杭州市青溪区', schoolType: 'primary' },
  { key: 'middle', name: '明德初级中学', region: '江苏省苏州市', schoolType: 'junior' },
] as const;
export type DemoTenantKey = (typeof demoTenants)[number]['key'];

export const demoAccounts = [
  { username: 'admin', name: '王建国', phone: '13800000001' },
  { username: 'user', name: '李晓梅', phone: '13800000002' },
] as const;

export const demoEmployees: {
  username: (typeof demoAccounts)[number]['username'];
  tenant: DemoTenantKey;
  access: 'admin' | 'user';
}[] = [
  { username: 'admin', tenant: 'demo', access: 'admin' },
  { username: 'admin', tenant: 'second', access: 'admin' },
  { username: 'user', tenant: 'demo', access: 'user' },
];

/**
 * The vendor: the organisation that owns the site (docs/decisions/021). Its staff manage content, products
 * and leads; `admin` is its admin, `user` an ordinary member.
 */
export const vendorOrganisation = {
  name: '悦讯科技',
  region: '浙江省杭州市',
  schoolType: 'other',
  kind: 'vendor',
} as const;

export const vendorStaff: {
  username: (typeof demoAccounts)[number]['username'];
  access: 'admin' | 'user';
}[] = [
  { username: 'admin', access: 'admin' },
  { username: 'user', access: 'user' },
];

/**
 * Schools with admins of their own, who manage their staff and rules but not the site. (`admin` stays an
 * admin of 悦讯实验学校 and 青溪区第二实验小学 for the teacher-confirmation demo.) Their password is USER_PASSWORD.
 */
export const schoolAdmins: { username: string; name: string; phone: string; tenant: DemoTenantKey }[] = [
  { username: 'qingxi', name: '周明远', phone: '13800000003', tenant: 'second' },
  { username: 'mingde', name: '钱雅琴', phone: '13800000004', tenant: 'middle' },
];

export const pendingRegistrations: { tenant: DemoTenantKey; name: string; phone: string; daysAgo: number }[] =
  [
    { tenant: 'demo', name: '张雨涵', phone: '13912340001', daysAgo: 1 },
    { tenant: 'demo', name: '陈志远', phone: '13912340002', daysAgo: 2 },
    { tenant: 'demo', name: '刘思琪', phone: '13912340003', daysAgo: 3 },
    { tenant: 'demo', name: '赵国强', phone: '13912340004', daysAgo: 5 },
    { tenant: 'second', name: '孙婉清', phone: '13912340005', daysAgo: 1 },
    { tenant: 'second', name: '周子豪', phone: '13912340006', daysAgo: 2 },
    { tenant: 'second', name: '吴佳怡', phone: '13912340007', daysAgo: 4 },
    { tenant: 'second', name: '郑文博', phone: '13912340008', daysAgo: 6 },
  ];

export const demoProductApps: {
  appKey: string;
  name: string;
  entryUrl: string;
  tenants: DemoTenantKey[];
  codes: { code: string; name: string; minAccess: 'user' | 'admin' }[];
}[] = [
  {
    appKey: 'yx-smart-class',
    name: '智慧课堂',
    entryUrl: '/apps/smart-class/',
    tenants: ['demo', 'second', 'middle'],
    codes: [
      { code: 'class:view', name: '查看课堂', minAccess: 'user' },
      { code: 'class:edit', name: '编辑课堂', minAccess: 'user' },
      { code: 'class:report', name: '课堂报告', minAccess: 'user' },
      { code: 'class:manage', name: '课堂管理设置', minAccess: 'admin' },
    ],
  },
  {
    appKey: 'yx-home-school',
    name: '家校通',
    entryUrl: '/apps/home-school/',
    tenants: ['demo', 'second'],
    codes: [
      { code: 'notice:view', name: '查看通知', minAccess: 'user' },
      { code: 'notice:send', name: '发送通知', minAccess: 'user' },
      { code: 'notice:audit', name: '通知审核', minAccess: 'admin' },
    ],
  },
  {
    appKey: 'yx-attendance',
    name: '考勤管理',
    entryUrl: '/apps/attendance/',
    tenants: ['demo', 'second', 'middle'],
    codes: [
      { code: 'attendance:view', name: '查看考勤', minAccess: 'user' },
      { code: 'attendance:check', name: '点名签到', minAccess: 'user' },
      { code: 'attendance:export', name: '导出考勤', minAccess: 'admin' },
    ],
  },
  {
    appKey: 'yx-homework',
    name: '作业管理',
    entryUrl: '/apps/homework/',
    tenants: ['demo', 'middle'],
    codes: [
      { code: 'homework:view', name: '查看作业', minAccess: 'user' },
      { code: 'homework:assign', name: '布置作业', minAccess: 'user' },
      { code: 'homework:grade', name: '批改作业', minAccess: 'user' },
    ],
  },
  {
    appKey: 'yx-exam',
    name: '成绩分析',
    entryUrl: '/apps/exam/',
    tenants: ['demo', 'second'],
    codes: [
      { code: 'exam:view', name: '查看成绩', minAccess: 'user' },
      { code: 'exam:entry', name: '录入成绩', minAccess: 'user' },
      { code: 'exam:publish', name: '发布成绩', minAccess: 'admin' },
    ],
  },
  {
    appKey: 'yx-safety',
    name: '平安校园',
    entryUrl: '/apps/safety/',
    tenants: ['demo'],
    codes: [
      { code: 'safety:view', name: '查看告警', minAccess: 'user' },
      { code: 'safety:patrol', name: '巡查记录', minAccess: 'user' },
      { code: 'safety:config', name: '设备配置', minAccess: 'admin' },
    ],
  },
  {
    appKey: 'yx-asset',
    name: '资产报修',
    entryUrl: '/apps/asset/',
    tenants: ['demo', 'second'],
    codes: [
      { code: 'repair:submit', name: '提交报修', minAccess: 'user' },
      { code: 'repair:dispatch', name: '派单处理', minAccess: 'admin' },
    ],
  },
  {
    appKey: 'yx-data-center',
    name: '数据中心',
    entryUrl: '/apps/data-center/',
    tenants: ['demo'],
    codes: [
      { code: 'data:view', name: '查看报表', minAccess: 'user' },
      { code: 'data:export', name: '导出数据', minAccess: 'admin' },
    ],
  },
];
