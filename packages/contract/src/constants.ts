/** Business constants of spec §9. One definition, imported by server, site and console. */

export const SITE_ID = 75;
export const FIRST_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
/** Larger pages are refused (400) rather than passed to SQL. */
export const MAX_PAGE_SIZE = 100;
/** The largest value of the database's 32-bit integer columns (ids, versions, counters). */
export const INT4_MAX = 2_147_483_647;

/** Category ids the original redirects to when a section is opened without one. */
export const DEFAULT_IDS = {
  demonstrationCase: 1351,
  news: 1881,
  companyProfile: 1,
} as const;

export const IMAGE_TYPES = ['jpg', 'jpeg', 'png'] as const;
/** A file input's `accept` for IMAGE_TYPES: the extensions and their media types. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
/** Where the staff console is served, under BASE_PATH (the original's address; the login page is its `#/login`). */
export const CONSOLE_PATH = 'home/2.0/login/';
export const FILES_BASE = '/fs/api/';
export const API_BASES = ['store', 'news', 'fs', 'sports-api'] as const;
export type ApiBase = (typeof API_BASES)[number];

export const MOBILE_IMAGE_PICKER_MAX = 9;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REQUEST_CACHE_TTL_MS = 60_000;
export const LAZY_LOAD_DELAY_MS = 200;

export const BREAKPOINTS = { xs: 575, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;

export const LOCALE_STORAGE_KEY = 'umi_locale';
export const SESSION_STORAGE_KEY = 'sid';
export const DEFAULT_LOCALE = 'zh-CN';
export const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'] as const;

/** Mainland China mobile number (spec §5: 不合法的手机号). */
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_PHONE_LENGTH = 11;
/** SMS codes are six digits. */
export const CAPTCHA_LENGTH = 6;
/** A person's name (teacher, staff member). */
export const PERSON_NAME_MAX = 30;

export const LEAD_DEDUP_WINDOW_MS = 10 * 60 * 1000;
export const LEAD_MESSAGE_MAX = 1000;

/** Largest request body an action accepts (uploads have their own limit). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/** 学校类型 in the order the lead form lists them; 教育局 and 职业院校 are audiences the home page names. */
export const SCHOOL_TYPES = [
  'kindergarten',
  'primary',
  'junior',
  'senior',
  'complete',
  'vocational',
  'university',
  'bureau',
  'other',
] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];
/**
 * Values earlier forms sent, still accepted and stored as today's value. 中学 said neither 初中 nor 高中, so it
 * becomes 九年一贯制/完全中学, the type that covers both.
 */
export const LEGACY_SCHOOL_TYPES = { middle: 'complete' } as const satisfies Record<string, SchoolType>;

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
/** Closed leads (成交, 流失): the ones the retention period anonymises once they are older than it. */
export const CLOSED_LEAD_STATUSES = [
  'won',
  'lost',
] as const satisfies readonly (typeof LEAD_STATUSES)[number][];

/**
 * The 隐私政策 (PIPL privacy statement): the first published article of the 安全中心 category with this slug,
 * shown at PRIVACY_PATH and linked from every lead form's consent line.
 */
export const PRIVACY_SECTION_SLUG = 'privacy';
export const PRIVACY_PATH = '/privacy';

/**
 * 线索类型: `sales` 销售咨询 (a school or an education bureau asking about the products: the home page, product
 * pages and any other page's form), `agent` 代理商申请 (a reseller company applying on /agent, its own fields).
 */
export const LEAD_KINDS = ['sales', 'agent'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** 团队规模 of an agent application, as ranges (a reseller rarely knows its head count to the person). */
export const AGENT_TEAM_SIZES = ['1-9', '10-49', '50-199', '200+'] as const;
export type AgentTeamSize = (typeof AGENT_TEAM_SIZES)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * The pipeline: each status may move to the next one or to lost; a lost lead can be reopened as
 * contacted; won is final. The server enforces it, the console offers only these buttons.
 */
export const leadNextStatuses: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['qualified', 'lost'],
  qualified: ['won', 'lost'],
  won: [],
  lost: ['contacted'],
};

export const canMoveLead = (from: LeadStatus, to: LeadStatus) =>
  from === to || leadNextStatuses[from].includes(to);

/** What a salesperson records; the timeline also shows status changes and assignments the system wrote. */
export const FOLLOW_UP_KINDS = ['call', 'visit', 'wechat', 'email', 'note'] as const;
export const FOLLOW_UP_NOTE_MAX = 1000;

/** offline (下线): was published, taken off the site on purpose; republishing keeps its first date. */
/** How long a console preview link of an article opens (any status, no login). */
export const ARTICLE_PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

export const ARTICLE_STATUSES = ['draft', 'published', 'scheduled', 'offline'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** A submission for review (docs/decisions/051): waiting (待审核), approved and published, or returned (退回). */
export const ARTICLE_REVIEW_STATES = ['pending', 'approved', 'returned'] as const;
export type ArticleReviewState = (typeof ARTICLE_REVIEW_STATES)[number];

export const CATEGORY_KINDS = [
  'news',
  'case',
  'profile',
  'solution',
  'service',
  'download',
  'agent',
  'security',
] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Console route a staff invitation or password-reset link opens (hash route, token in the query). */
export const PASSWORD_LINK_ROUTE = '/user/password';

/**
 * The phone lead page (decision 065): an alert's link opens it, a light page of the console without antd
 * (the lead named by id among the phone's leads); its 完整视图 link opens 销售线索 filtered by the phone.
 */
export const PHONE_LEAD_ROUTE = '/m/leads';
export const phoneLeadHash = (leadId: number, phone: string) =>
  `#${PHONE_LEAD_ROUTE}?id=${leadId}&keyword=${encodeURIComponent(phone)}`;
