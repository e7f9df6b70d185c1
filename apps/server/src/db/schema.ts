/**
 * One schema for PGlite and PostgreSQL. Times are timestamptz (UTC), money is integer fen.
 * Migrations are generated from this file by drizzle-kit (npm run db:generate).
 */
import {
  ALERT_CHANNEL_KINDS,
  ARTICLE_REVIEW_STATES,
  ARTICLE_STATUSES,
  AUDIT_TARGET_TYPES,
  CATEGORY_KINDS,
  EMPLOYEE_ACCESS,
  FORM_KINDS,
  type FormAnswers,
  type FormField,
  LEAD_KINDS,
  LEAD_POOL_REASONS,
  LEAD_STATUSES,
  type LeadScoreReason,
  type LeaverRunResult,
  PRODUCT_STATUSES,
  REDIRECT_MATCH_TYPES,
  REGISTER_STATUSES,
  REVISION_KINDS,
  REVISION_TARGETS,
  RULE_STATUSES,
  SCAN_PLATFORMS,
  SCHOOL_TYPES,
  type ScoreBehaviourRule,
  type ScoreFitRule,
  SIGN_IN_METHODS,
  SIGN_IN_OUTCOMES,
  SSO_REFUSALS,
  STAFF_NOTICE_KINDS,
  STAFF_STATUSES,
  TIMELINE_KINDS,
} from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Bumped by every console edit; an edit carrying an older version is refused (409), never lost. */
const version = () => integer('version').notNull().default(1);
/** Key of the console form that created the row: a repeated create with the same key finds this row. */
const requestKey = () => text('request_key');

/** Rich text as plain words: tags become spaces, the entities an editor writes become characters. */
const plainText = (html: string) =>
  `replace(replace(replace(replace(replace(regexp_replace(${html}, '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&')`;

/**
 * What site search (站内搜索) looks in: title, summary and plain body text in lower case, kept by the
 * database on every write (docs/decisions/026-site-search.md).
 */
const searchText = (...parts: string[]) =>
  text('search_text').generatedAlwaysAs(sql.raw(`lower(${parts.join(` || ' ' || `)})`));

export const site = pgTable('site', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const category = pgTable(
  'category',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    parentId: integer('parent_id').references((): AnyPgColumn => category.id),
    /** news | case | profile | solution | service | download | agent | security */
    kind: text('kind', { enum: CATEGORY_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Short English key for fixed sections (e.g. areaCloud), null for ordinary categories. */
    slug: text('slug'),
    sort: integer('sort').notNull().default(100),
    /** The list page's own SEO (console 页面 SEO); blank falls back to the section page, then the site. */
    seoTitle: text('seo_title').notNull().default(''),
    seoKeywords: text('seo_keywords').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    version: version(),
    requestKey: requestKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('category_site_kind_idx').on(t.siteId, t.kind, t.sort),
    uniqueIndex('category_request_key_idx').on(t.requestKey),
  ],
);

export const article = pgTable(
  'article',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    coverFileUuid: text('cover_file_uuid'),
    /** Sanitised on write; the only HTML ever rendered as trusted. */
    bodyHtml: text('body_html').notNull().default(''),
    author: text('author').notNull().default(''),
    source: text('source').notNull().default(''),
    publishTime: timestamp('publish_time', { withTimezone: true }).notNull().defaultNow(),
    /** When it first went live; publishing again after 下线 keeps this date (and its news order). */
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    /** draft | published | scheduled (published once publish_time has passed) | offline (下线) */
    status: text('status', { enum: ARTICLE_STATUSES }).notNull().default('draft'),
    /** Smaller first; pinned articles get a smaller number than the default 100. */
    sort: integer('sort').notNull().default(100),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    viewCount: integer('view_count').notNull().default(0),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    searchText: searchText('title', 'summary', plainText('body_html')),
    version: version(),
    requestKey: requestKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('article_list_idx').on(t.siteId, t.categoryId, t.status, t.sort, t.publishTime),
    index('article_tags_idx').using('gin', t.tags),
    uniqueIndex('article_request_key_idx').on(t.requestKey),
  ],
);

/**
 * What a submission for review keeps, for an article or a product (docs/decisions/051, 069): what a writer without
 * the publish permission proposed, on which version, and the reviewer's decision. Approving applies `proposal`.
 */
const reviewColumns = () => ({
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => site.id),
  /** ARTICLE_REVIEW_STATES: pending | approved | returned */
  state: text('state', { enum: ARTICLE_REVIEW_STATES }).notNull().default('pending'),
  /** The target's version the proposal was made on: approval needs it unchanged (409 otherwise). */
  baseVersion: integer('base_version').notNull(),
  /** The target's content fields as proposed (the revision snapshot's shape, without status). */
  proposal: jsonb('proposal').$type<Record<string, unknown>>().notNull(),
  submittedBy: integer('submitted_by')
    .notNull()
    .references(() => account.id),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  decidedBy: integer('decided_by').references(() => account.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** The reviewer's words on a return (shown to the writer). */
  comment: text('comment').notNull().default(''),
});

/**
 * A submission of an article for review (docs/decisions/051). A live article stays live while its change waits
 * here. At most one pending submission per article.
 */
export const articleReview = pgTable(
  'article_review',
  {
    ...reviewColumns(),
    articleId: integer('article_id')
      .notNull()
      .references(() => article.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('article_review_state_idx').on(t.siteId, t.state, t.submittedAt),
    index('article_review_article_idx').on(t.articleId, t.id),
    uniqueIndex('article_review_pending_idx').on(t.articleId).where(sql`${t.state} = 'pending'`),
  ],
);

export const productTag = pgTable(
  'product_tag',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(100),
    version: version(),
    requestKey: requestKey(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_tag_site_name_idx').on(t.siteId, t.name),
    uniqueIndex('product_tag_request_key_idx').on(t.requestKey),
  ],
);

export const product = pgTable(
  'product',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    name: text('name').notNull(),
    summary: text('summary').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    priceUnit: text('price_unit').notNull().default('校/年'),
    coverFileUuid: text('cover_file_uuid'),
    galleryFileUuids: text('gallery_file_uuids').array().notNull().default(sql`'{}'::text[]`),
    detailHtml: text('detail_html').notNull().default(''),
    specs: jsonb('specs').$type<{ name: string; value: string }[]>().notNull().default([]),
    /** draft | published */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('draft'),
    sort: integer('sort').notNull().default(100),
    searchText: searchText('name', 'summary', plainText('detail_html')),
    version: version(),
    requestKey: requestKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_site_status_idx').on(t.siteId, t.status, t.sort),
    uniqueIndex('product_request_key_idx').on(t.requestKey),
  ],
);

export const productToTag = pgTable(
  'product_to_tag',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => productTag.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_to_tag_tag_idx').on(t.tagId)],
);

/**
 * A submission of a product for review (docs/decisions/069): a product on the shelf stays there, unchanged,
 * while its change waits here. At most one pending submission per product.
 */
export const productReview = pgTable(
  'product_review',
  {
    ...reviewColumns(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('product_review_state_idx').on(t.siteId, t.state, t.submittedAt),
    index('product_review_product_idx').on(t.productId, t.id),
    uniqueIndex('product_review_pending_idx').on(t.productId).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * 表单 (issue 33, docs/decisions/049): a form the vendor designs, or one of the two built-in ones (销售咨询,
 * 代理商申请: `builtin`). Its fields live in form_version; `currentVersion` is the one submissions are checked
 * against. /form/{slug} shows it.
 */
export const leadForm = pgTable(
  'form',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** FORM_KINDS: enquiry | agent | demo | download | custom */
    kind: text('kind', { enum: FORM_KINDS }).notNull(),
    builtin: boolean('builtin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    successMessage: text('success_message').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    /** FORM_PLACEMENTS: under the articles of these kinds, the products, the home page (decision 056). */
    placements: text('placements').array().notNull().default(sql`'{}'::text[]`),
    /** The download form's file, given on its success page (a public file of the file library). */
    downloadFileUuid: text('download_file_uuid').references(() => file.uuid, { onDelete: 'set null' }),
    requestKey: text('request_key'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('form_slug_idx').on(t.siteId, t.slug),
    uniqueIndex('form_request_key_idx').on(t.requestKey),
  ],
);

/** A saved definition of a form's fields; never changed, so a lead shows the questions it was answered under. */
export const formVersion = pgTable(
  'form_version',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => leadForm.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    createdAt: createdAt(),
    /** The staff member who saved it; null for the built-in forms' first version. */
    createdBy: integer('created_by').references((): AnyPgColumn => account.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

export const customerIntention = pgTable(
  'customer_intention',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    /** LEAD_KINDS: sales (销售咨询, a school or bureau) | agent (代理商申请, a reseller company) */
    kind: text('kind', { enum: LEAD_KINDS }).notNull().default('sales'),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    /** Sales leads: the school or bureau, its type and the contact's role ('' and null for an agent). */
    schoolName: text('school_name').notNull(),
    /** Sales leads: the school's region; agent applications: the region the company covers. */
    region: text('region').notNull(),
    /** SCHOOL_TYPES (the contract); older rows' 中学 became 'complete' in migration 0012; null for an agent */
    schoolType: text('school_type', { enum: SCHOOL_TYPES }),
    role: text('role').notNull(),
    /** Agent applications: the company, its business and its team size (AGENT_TEAM_SIZES); '' for a sales lead. */
    companyName: text('company_name').notNull().default(''),
    businessScope: text('business_scope').notNull().default(''),
    teamSize: text('team_size').notNull().default(''),
    interestedProductId: integer('interested_product_id').references(() => product.id, {
      onDelete: 'set null',
    }),
    message: text('message').notNull().default(''),
    sourcePage: text('source_page').notNull().default(''),
    /** The form it was sent with and the version it was checked against (leads before forms: their kind's built-in form). */
    formId: integer('form_id').references((): AnyPgColumn => leadForm.id, { onDelete: 'set null' }),
    formVersion: integer('form_version'),
    /** Every answer by field key, as checked (null for leads from before forms were data). */
    answers: jsonb('answers').$type<FormAnswers>(),
    /** new | contacted | qualified | won | lost */
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    /** The owner: one of the vendor's staff (issue 16); set by a routing rule on arrival or in the console. */
    ownerAccountId: integer('owner_account_id').references((): AnyPgColumn => account.id, {
      onDelete: 'set null',
    }),
    /** The owner's name as typed before owners were staff (read only now). */
    owner: text('owner'),
    /** The one notes box of earlier versions (read only now; follow-ups are lead_follow_up rows). */
    notes: text('notes').notNull().default(''),
    /** The latest follow-up's next date: the list's 待跟进 filter and the reminder. */
    nextFollowUpAt: timestamp('next_follow_up_at', { withTimezone: true }),
    /** First opened in the console; null leads are counted by the 新线索 badge. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** sha256 of the client address with a server secret: enough to rate-limit, not to identify. */
    clientIpHash: text('client_ip_hash'),
    /** Attribution (contract attribution.ts): first page of the visit, its referrer, UTM tags, device. */
    landingPage: text('landing_page').notNull().default(''),
    referrerHost: text('referrer_host').notNull().default(''),
    searchEngine: text('search_engine').notNull().default(''),
    searchKeyword: text('search_keyword').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    utmMedium: text('utm_medium').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    deviceClass: text('device_class').notNull().default('unknown'),
    /**
     * Ad click ids from the landing page's query (contract ad-conversions.ts): Baidu's bd_vid, 360's qhclickid,
     * 巨量引擎's clickid; and for Baidu the whole landing address, which its conversion upload names the click by.
     */
    bdVid: text('bd_vid').notNull().default(''),
    qhclickid: text('qhclickid').notNull().default(''),
    clickid: text('clickid').notNull().default(''),
    logidUrl: text('logid_url').notNull().default(''),
    /** PIPL: when the visitor ticked the consent line, and which 隐私政策 article (id, version, last change) it pointed at. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    privacyArticleId: integer('privacy_article_id'),
    privacyVersion: integer('privacy_version'),
    privacyUpdatedAt: timestamp('privacy_updated_at', { withTimezone: true }),
    /** Set when the retention job or an erase replaced the personal fields (姓名, 手机号, …) with placeholders. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** 线索评分 (decision 057): the sum of the rules that matched, and those rules; recomputed, never edited. */
    score: integer('score').notNull().default(0),
    scoreReasons: jsonb('score_reasons').$type<LeadScoreReason[]>().notNull().default([]),
    /** 客户 (decision 058): the school it belongs to, matched on name + region on arrival or set by staff (confirmed). */
    schoolAccountId: integer('school_account_id').references((): AnyPgColumn => schoolAccount.id, {
      onDelete: 'set null',
    }),
    accountConfirmed: boolean('account_confirmed').notNull().default(false),
    /** Merged into that lead (its timeline moved there; hidden from the list); null when not merged. */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => customerIntention.id, {
      onDelete: 'set null',
    }),
    /** 公海: since when it has been in the public pool (no owner), and why (LEAD_POOL_REASONS); null: not in it. */
    pooledAt: timestamp('pooled_at', { withTimezone: true }),
    poolReason: text('pool_reason', { enum: LEAD_POOL_REASONS }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_intention_phone_idx').on(t.siteId, t.phone, t.createdAt),
    // The hourly limit per client address counts these on every lead.
    index('customer_intention_ip_idx').on(t.clientIpHash, t.createdAt),
    index('customer_intention_status_idx').on(t.siteId, t.status, t.createdAt),
    index('customer_intention_kind_idx').on(t.siteId, t.kind, t.createdAt),
    index('customer_intention_form_idx').on(t.siteId, t.formId, t.createdAt),
    index('customer_intention_owner_idx').on(t.siteId, t.ownerAccountId, t.createdAt),
    index('customer_intention_next_idx').on(t.siteId, t.nextFollowUpAt),
    index('customer_intention_source_idx').on(t.siteId, t.utmSource, t.searchEngine, t.referrerHost),
    // The list sorted by score.
    index('customer_intention_score_idx').on(t.siteId, t.score),
    index('customer_intention_account_idx').on(t.schoolAccountId),
    index('customer_intention_pool_idx').on(t.siteId, t.pooledAt),
  ],
);

/**
 * 客户: a school its sales leads belong to (decision 058), found by its normalised name and region (the contract's
 * schoolNameKey and regionKey): one live row per key. A school merged into another keeps its row (mergedIntoId)
 * so the merge can be undone.
 */
export const schoolAccount = pgTable(
  'school_account',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    name: text('name').notNull(),
    region: text('region').notNull(),
    nameKey: text('name_key').notNull(),
    regionKey: text('region_key').notNull(),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => schoolAccount.id, {
      onDelete: 'set null',
    }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Merged schools keep their keys: a later lead with them follows mergedIntoId, and an undo finds its key free.
    uniqueIndex('school_account_key_idx').on(t.siteId, t.nameKey, t.regionKey),
  ],
);

/**
 * A merge of two leads or two schools and what it moved (timeline entries or leads) and wrote, so that undoing it
 * puts everything back. One live merge per source: a second one is refused by the index, whatever races.
 */
export const leadMerge = pgTable(
  'lead_merge',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    /** lead | school */
    kind: text('kind', { enum: ['lead', 'school'] }).notNull(),
    sourceId: integer('source_id').notNull(),
    targetId: integer('target_id').notNull(),
    /** lead: the source's timeline entries moved to the target; school: the source's leads moved. */
    movedIds: jsonb('moved_ids').$type<number[]>().notNull().default([]),
    /** The timeline entries the merge wrote (removed again by its undo). */
    writtenIds: jsonb('written_ids').$type<number[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('lead_merge_live_idx').on(t.kind, t.sourceId).where(sql`${t.undoneAt} is null`),
    index('lead_merge_target_idx').on(t.kind, t.targetId),
  ],
);

/** One claim from the 公海: counts toward the claimer's daily limit (day: the China date, YYYY-MM-DD). */
export const leadClaim = pgTable(
  'lead_claim',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    leadId: integer('lead_id')
      .notNull()
      .references(() => customerIntention.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_claim_account_day_idx').on(t.accountId, t.day)],
);

/** 公海设置, one row per site: days per lead kind, the daily claim limit, and the recycling job's last run. */
export const leadPoolSettings = pgTable('lead_pool_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => site.id),
  days: jsonb('days').$type<Record<string, number>>().notNull().default({}),
  dailyClaimLimit: integer('daily_claim_limit').notNull().default(10),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunMs: integer('last_run_ms'),
  lastRunReturned: integer('last_run_returned'),
  lastRunError: text('last_run_error'),
  version: version(),
  updatedAt: updatedAt(),
});

/** Which seed sets have been applied, so restarts never duplicate demo content. */
export const seedRun = pgTable('seed_run', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Instance-independent settings created once, e.g. the secret that salts client-address hashes. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * An organisation (tenant): a school, or the vendor that owns the site (docs/decisions/021). Every
 * tenant-scoped query takes the tenant id from the session; site actions act as the caller's vendor membership.
 */
export const tenant = pgTable(
  'tenant',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    region: text('region').notNull().default(''),
    /** SCHOOL_TYPES (the contract); older rows' 中学 became 'complete' in migration 0012 */
    schoolType: text('school_type', { enum: SCHOOL_TYPES }).notNull().default('primary'),
    /** school | vendor: the one vendor owns the site; its staff manage content, products and leads. */
    kind: text('kind').notNull().default('school'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tenant_one_vendor_idx').on(t.kind).where(sql`kind = 'vendor'`)],
);

/** A person who can log in: by username and password, or by phone and SMS code. */
export const account = pgTable(
  'account',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** scrypt$N$r$p$salt$hash (base64url); null for accounts that log in by SMS only. */
    passwordHash: text('password_hash'),
    photoFileUuid: text('photo_file_uuid'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_username_idx').on(t.username), uniqueIndex('account_phone_idx').on(t.phone)],
);

/**
 * A role of an organisation (docs/decisions/032): a built-in one (`builtinKey` set; its permissions come from
 * the contract's BUILTIN_ROLE_PERMISSIONS, so a new permission reaches 管理员 without a migration) or a custom
 * one made in the console (its `permissions` column). Built-in roles are never edited or deleted.
 */
export const role = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenant.id),
    /** BUILTIN_ROLE_KEYS; null for a custom role. */
    builtinKey: text('builtin_key'),
    name: text('name').notNull(),
    /** Custom roles only; built-in rows keep an empty list. */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** Its members must sign in with a second factor (TOTP) and enrol at their next sign-in (decision 033). */
    mfaRequired: boolean('mfa_required').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('role_tenant_name_idx').on(t.tenantId, t.name),
    uniqueIndex('role_tenant_builtin_idx').on(t.tenantId, t.builtinKey),
  ],
);

/** Membership of a person in a school; a teacher's registration is a pending employee without an account. */
export const employee = pgTable(
  'employee',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenant.id),
    accountId: integer('account_id').references(() => account.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** admin | user */
    access: text('access', { enum: EMPLOYEE_ACCESS }).notNull().default('user'),
    /** pending | confirmed | rejected */
    registerStatus: text('register_status', { enum: REGISTER_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => account.id),
    /** The school's contact e-mail for this member of staff (员工管理). */
    email: text('email'),
    /** active | disabled: a disabled member cannot act in this school and its sessions here are ended. */
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('active'),
    /**
     * The member's role in this organisation (docs/decisions/032); `access` follows it (admin exactly for the
     * built-in 管理员). Null only for rows written before roles or by hand: their permissions follow `access`.
     */
    roleId: integer('role_id').references(() => role.id),
  },
  (t) => [
    index('employee_role_idx').on(t.roleId),
    uniqueIndex('employee_tenant_phone_idx').on(t.tenantId, t.phone),
    index('employee_account_idx').on(t.accountId),
    index('employee_tenant_status_idx').on(t.tenantId, t.registerStatus, t.appliedAt),
  ],
);

/** An application (plugin) a school can use; appKey is what the clients' plugin list reads. */
export const productApp = pgTable(
  'product_app',
  {
    id: serial('id').primaryKey(),
    appKey: text('app_key').notNull(),
    name: text('name').notNull(),
    iconFileUuid: text('icon_file_uuid'),
    entryUrl: text('entry_url').notNull(),
    sort: integer('sort').notNull().default(100),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_app_key_idx').on(t.appKey)],
);

export const tenantProduct = pgTable(
  'tenant_product',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenant.id),
    productAppId: integer('product_app_id')
      .notNull()
      .references(() => productApp.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productAppId] })],
);

/** A permission inside a product; minAccess user means every employee may use it, admin only admins. */
export const operationCode = pgTable(
  'operation_code',
  {
    id: serial('id').primaryKey(),
    productAppId: integer('product_app_id')
      .notNull()
      .references(() => productApp.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    minAccess: text('min_access').notNull().default('user'),
    sort: integer('sort').notNull().default(100),
  },
  (t) => [uniqueIndex('operation_code_product_code_idx').on(t.productAppId, t.code)],
);

/** A login. Only the sha256 of the random session id is stored, so a database leak reveals no usable id. */
export const session = pgTable(
  'session',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').references(() => tenant.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry, pushed forward (at most once a minute) while the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    /** A handle the session list shows and ends sessions by; never the id or its hash. */
    key: text('key').notNull().default(sql`gen_random_uuid()::text`),
    userAgent: text('user_agent'),
    /** The client address with its last part hidden (203.0.113.*), for the owner to recognise a sign-in. */
    clientAddress: text('client_address'),
  },
  (t) => [
    index('session_account_idx').on(t.accountId),
    index('session_expires_idx').on(t.expiresAt),
    uniqueIndex('session_key_idx').on(t.key),
  ],
);

/** Sign-in attempts, kept 90 days: success, failure (wrong password or code) and locked. */
export const signInEvent = pgTable(
  'sign_in_event',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => account.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** success | failure | locked */
    outcome: text('outcome', { enum: SIGN_IN_OUTCOMES }).notNull(),
    /** password | sms | totp | recovery | oidc */
    method: text('method', { enum: SIGN_IN_METHODS }).notNull(),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    /** A refused single sign-on: why (SSO_REFUSALS). Such a row may have no account yet. */
    reason: text('reason', { enum: SSO_REFUSALS }),
    /** Single sign-on: what the provider called the person, for 登录方式's list of attempts. */
    identity: text('identity'),
  },
  (t) => [
    index('sign_in_event_account_idx').on(t.accountId, t.at),
    index('sign_in_event_at_idx').on(t.at),
    index('sign_in_event_method_idx').on(t.method, t.at),
  ],
);

/** Notices to a member of staff (the console's bell): review steps that concern them; kept 90 days. */
export const staffNotice = pgTable(
  'staff_notice',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STAFF_NOTICE_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('staff_notice_account_idx').on(t.accountId, t.createdAt)],
);

/** Failed-login counters by key (account:<username> or ip:<hash>), shared by every instance. */
export const loginAttempt = pgTable('login_attempt', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** How many times the key has been locked; each lock lasts twice as long as the one before. */
  locks: integer('locks').notNull().default(0),
});

/** SMS codes; only a keyed hash of the code is stored. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /** login | register */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** sending | sent | failed: only a sent code can log in; a failed one does not count as sent. */
    status: text('status').notNull().default('sent'),
    /** Keyed hash of the client address that asked (the per-address limit). */
    ipHash: text('ip_hash'),
    /** The provider's error code when the send failed (e.g. isv.BUSINESS_LIMIT_CONTROL). */
    error: text('error'),
  },
  (t) => [index('sms_code_phone_idx').on(t.phone, t.sentAt), index('sms_code_ip_idx').on(t.ipHash, t.sentAt)],
);

/** Metadata of a stored file; the bytes live in the blob store under the uuid. */
export const file = pgTable(
  'file',
  {
    uuid: text('uuid').primaryKey(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Extension of the type detected from the content, e.g. png, docx, txt. */
    format: text('format').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    ownerAccountId: integer('owner_account_id').references(() => account.id),
    tenantId: integer('tenant_id').references(() => tenant.id),
    /** public (covers, product images: anyone) | private (owner and the tenant's admins) */
    visibility: text('visibility').notNull().default('private'),
    /** Pictures: what the site says where the content gives no alt text (at most PICTURE_ALT_MAX). */
    altText: text('alt_text').notNull().default(''),
    /** Pictures: the focal point, 0–1 from the left and from the top; crops keep it in view. */
    focusX: doublePrecision('focus_x').notNull().default(0.5),
    focusY: doublePrecision('focus_y').notNull().default(0.5),
    /** Pictures: the size shown, in pixels (EXIF orientation applied); null until measured (decision 071). */
    width: integer('width'),
    height: integer('height'),
    /** The media library's folder (decision 066); null: the library's top level. */
    folderId: integer('folder_id').references((): AnyPgColumn => fileFolder.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the content last changed (upload, replace, restore): the files' Last-Modified (decision 064). */
    contentUpdatedAt: timestamp('content_updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_owner_idx').on(t.ownerAccountId), index('file_folder_idx').on(t.folderId)],
);

/** The media library's folders (decision 066): nested by parent; a folder is never inside itself. */
export const fileFolder = pgTable(
  'file_folder',
  {
    id: serial('id').primaryKey(),
    /** Like file.tenant_id: null for the site's shared folders, else the school or vendor that made it. */
    tenantId: integer('tenant_id').references(() => tenant.id),
    parentId: integer('parent_id').references((): AnyPgColumn => fileFolder.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('file_folder_parent_idx').on(t.parentId)],
);

/** Tags on library files (decision 066): free words, searched exactly. */
export const fileTag = pgTable(
  'file_tag',
  {
    fileUuid: text('file_uuid')
      .notNull()
      .references(() => file.uuid, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileUuid, t.tag] }), index('file_tag_tag_idx').on(t.tag)],
);

/**
 * An earlier content of a file, kept when the file was replaced (decision 064): its bytes under their own blob
 * key, and who replaced it when. Restoring one makes the current content a revision in turn.
 */
export const fileRevision = pgTable(
  'file_revision',
  {
    id: serial('id').primaryKey(),
    fileUuid: text('file_uuid')
      .notNull()
      .references(() => file.uuid, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull().unique(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    replacedByAccountId: integer('replaced_by_account_id').references(() => account.id, {
      onDelete: 'set null',
    }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_revision_file_idx').on(t.fileUuid, t.id)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    accountId: integer('account_id').references(() => account.id),
    tenantId: integer('tenant_id').references(() => tenant.id),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ipHash: text('ip_hash'),
  },
  (t) => [index('audit_log_tenant_idx').on(t.tenantId, t.at)],
);

/** The console's rule table (template page of spec §2): status closed | running | online | abnormal. */
export const rule = pgTable(
  'rule',
  {
    id: serial('id').primaryKey(),
    /** The school the rule belongs to: only its staff see and change it. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenant.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: RULE_STATUSES }).notNull().default('closed'),
    /** Service calls in units of ten thousand. */
    callNo: integer('call_no').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** Set by the creating form, so a repeated submit finds the rule it already made. */
    requestKey: text('request_key'),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rule_request_key_idx').on(t.requestKey),
    index('rule_tenant_updated_idx').on(t.tenantId, t.updatedAt),
  ],
);

/** Console settings of an account: basic profile, security items, bindings and notifications. */
export const accountProfile = pgTable('account_profile', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => account.id, { onDelete: 'cascade' }),
  email: text('email').notNull().default(''),
  nickname: text('nickname').notNull().default(''),
  profile: text('profile').notNull().default(''),
  country: text('country').notNull().default(''),
  province: text('province').notNull().default(''),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  /** strong | medium | weak, judged when the password is set through the console. */
  passwordStrength: text('password_strength').notNull().default('medium'),
  securityQuestion: text('security_question'),
  /** scrypt hash of the normalised answer, like passwords. */
  securityAnswerHash: text('security_answer_hash'),
  /** Only ever set to an address proven by a code sent there (email_code). */
  backupEmail: text('backup_email'),
  bindings: jsonb('bindings').$type<Record<string, string | null>>().notNull().default({}),
  notifications: jsonb('notifications').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * One row per save of an article or product (and each editor's latest autosave): who, when, which
 * fields changed, and the whole value after it. Kept while the record is in the recycle bin.
 */
export const contentRevision = pgTable(
  'content_revision',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    /** article | product */
    targetType: text('target_type', { enum: REVISION_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    /** create | update | restore | status | autosave */
    kind: text('kind', { enum: REVISION_KINDS }).notNull(),
    version: integer('version').notNull(),
    changed: text('changed').array().notNull().default(sql`'{}'::text[]`),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    accountId: integer('account_id').references(() => account.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_revision_target_idx').on(t.siteId, t.targetType, t.targetId, t.id)],
);

/** Deleted articles and products, whole, until restored or purged after RECYCLE_BIN_DAYS. */
export const recycleBin = pgTable(
  'recycle_bin',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    targetType: text('target_type', { enum: REVISION_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    title: text('title').notNull(),
    /** The deleted row (and a product's tag ids) as it was. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    accountId: integer('account_id').references(() => account.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recycle_bin_site_idx').on(t.siteId, t.deletedAt)],
);
/** One-time links to set a password: an invitation (new staff) or a reset. Only a hash of the token is kept. */
export const passwordLink = pgTable(
  'password_link',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').references(() => tenant.id),
    /** invite | reset */
    purpose: text('purpose').notNull(),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, and when a newer link for the same account replaces it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_link_token_idx').on(t.tokenHash),
    index('password_link_account_idx').on(t.accountId),
  ],
);

export { outbox } from '../shared/outbox/outbox.table';

/**
 * Site settings (站点设置): one record per site, the whole value as JSON (its fields are the
 * contract's siteSettingsFields), edited with a version like every console record.
 */
export const siteSettings = pgTable('site_settings', {
  siteId: integer('site_id').primaryKey(),
  values: jsonb('values').$type<Record<string, string>>().notNull(),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * The site's top menu (console 导航菜单): the fixed entries' labels, order and visibility and any
 * outside links, as the contract's NavItem list. No row until the first save (the default menu).
 */
export const siteNavigation = pgTable('site_navigation', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => site.id),
  items: jsonb('items').$type<{ key: string; label: string; visible: boolean; url: string }[]>().notNull(),
  version: version(),
  updatedAt: updatedAt(),
});

/** SEO of a fixed page (console 页面 SEO), one row per page once saved; categories keep theirs on the category. */
export const pageSeo = pgTable(
  'page_seo',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    page: text('page').notNull(),
    title: text('title').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    description: text('description').notNull().default(''),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('page_seo_site_page_idx').on(t.siteId, t.page)],
);

/** One row per save of the site settings: who, when and the whole value (restorable). */
export const siteSettingsRevision = pgTable(
  'site_settings_revision',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    version: integer('version').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    accountId: integer('account_id').references(() => account.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_settings_revision_version_idx').on(t.siteId, t.version)],
);
/*
 * First-party statistics (docs/decisions/020-first-party-statistics.md, 038-statistics-counted-in-memory.md).
 * No raw page views are stored: each instance counts views and visitors in memory and adds them to the
 * daily and hourly figures every couple of seconds. Visitor hashes never leave the process.
 */
/** Per Beijing day and dimension (total, path, referrer, engine, keyword, utm…, device, width, landing, notFound). */
export const statDaily = pgTable(
  'stat_daily',
  {
    id: serial('id').primaryKey(),
    day: text('day').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
    /**
     * Today's and yesterday's HyperLogLog registers (register << 5 | rank, stats/sketch.ts) that every
     * instance's visitors touched: the visitors above are their estimate. Null once the day is done.
     */
    regs: integer('regs').array(),
    /** Seeded demo figures (only into a database without real events), shown with a notice. */
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    index('stat_daily_day_dim_idx').on(t.dim, t.day),
    // The recorder adds its counts to the one row of each day, dimension and key.
    uniqueIndex('stat_daily_key_idx').on(t.day, t.dim, t.key, t.demo),
  ],
);

export const statHourly = pgTable('stat_hourly', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  views: integer('views').notNull(),
  visitors: integer('visitors').notNull(),
  /** As stat_daily.regs, for the hour. */
  regs: integer('regs').array(),
});

/** The spider log: hits per Beijing day, crawler, path, status served and DNS verification. */
export const statSpider = pgTable(
  'stat_spider',
  {
    day: text('day').notNull(),
    spider: text('spider').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    verified: text('verified').notNull(),
    hits: integer('hits').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.spider, t.path, t.status, t.verified] }),
    index('stat_spider_day_idx').on(t.day),
  ],
);

/** Today's salt for visitor hashes, shared by every instance; older salts are deleted. */
export const statSalt = pgTable('stat_salt', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * Search-engine push (issue 18): the site's addresses as last compared (a sitemap entry and its last
 * change), so each change of the sitemap becomes a push of exactly the addresses that changed.
 */
export const searchPushUrl = pgTable('search_push_url', {
  path: text('path').primaryKey(),
  /** The sitemap's lastmod of the address ('' for pages without one). */
  lastModified: text('last_modified').notNull().default(''),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every push attempt and the engine's answer (the console's push log; Baidu's answer has the day's quota left). */
export const searchPushAttempt = pgTable(
  'search_push_attempt',
  {
    id: serial('id').primaryKey(),
    outboxId: integer('outbox_id').notNull(),
    engine: text('engine').notNull(),
    urlCount: integer('url_count').notNull(),
    ok: boolean('ok').notNull(),
    httpStatus: integer('http_status'),
    /** The answer's body (shortened) or the network error. */
    answer: text('answer').notNull(),
    /** Baidu: URLs it accepted, and how many it still takes today. */
    accepted: integer('accepted'),
    remain: integer('remain'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_push_attempt_outbox_idx').on(t.outboxId),
    index('search_push_attempt_at_idx').on(t.engine, t.at),
  ],
);

/**
 * 通知渠道: where a new lead is announced (WeCom, DingTalk, Feishu robots, a signed webhook, SMTP e-mail).
 * `config` holds the kind's settings, secrets included (never sent back in full: alerts/alert-channel.service.ts).
 */
export const alertChannel = pgTable('alert_channel', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => site.id),
  name: text('name').notNull(),
  /** wecom | dingtalk | feishu | webhook | email */
  kind: text('kind', { enum: ALERT_CHANNEL_KINDS }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** 重定向规则: an old address (an exact path, with its query when it has one, or a prefix) answered with 301/302. */
export const redirectRule = pgTable(
  'redirect_rule',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    /** Site path (no base path), with the query for an exact rule. */
    fromPath: text('from_path').notNull(),
    /** exact | prefix */
    matchType: text('match_type', { enum: REDIRECT_MATCH_TYPES }).notNull(),
    /** A site path (the base path is put before it) or an absolute http(s) address. */
    toUrl: text('to_url').notNull(),
    statusCode: integer('status_code').notNull().default(301),
    enabled: boolean('enabled').notNull().default(true),
    note: text('note').notNull().default(''),
    version: version(),
    requestKey: requestKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('redirect_rule_from_idx').on(t.siteId, t.matchType, t.fromPath),
    uniqueIndex('redirect_rule_request_key_idx').on(t.requestKey),
  ],
);

/**
 * The 404 log: site addresses that found nothing, counted per path, referrer and people/crawler.
 * `key` is a hash of the three (paths and referrers are too long for a unique index of their own).
 */
export const notFoundLog = pgTable(
  'not_found_log',
  {
    key: text('key').primaryKey(),
    siteId: integer('site_id').notNull(),
    /** Site path with its query, cut to 500 characters. */
    path: text('path').notNull(),
    /** The referring page's address, '' for none. */
    referrer: text('referrer').notNull().default(''),
    bot: boolean('bot').notNull(),
    hits: integer('hits').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('not_found_log_path_idx').on(t.siteId, t.path), index('not_found_log_last_idx').on(t.lastAt)],
);

/**
 * A lead's timeline: follow-ups a salesperson records (call, visit, wechat, email, note, with the next
 * follow-up date) and the status changes and assignments written with those edits. Who and when on each.
 */
export const leadFollowUp = pgTable(
  'lead_follow_up',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    leadId: integer('lead_id')
      .notNull()
      .references(() => customerIntention.id, { onDelete: 'cascade' }),
    /** TIMELINE_KINDS: call | visit | wechat | email | note | status | assign */
    kind: text('kind', { enum: TIMELINE_KINDS }).notNull(),
    note: text('note').notNull().default(''),
    nextAt: timestamp('next_at', { withTimezone: true }),
    /** Who wrote it; null for the system (a routing rule on arrival). */
    accountId: integer('account_id').references(() => account.id, { onDelete: 'set null' }),
    /** Status changes: from and to; assignments: the new owner (null: cleared) and the rule's name. */
    statusFrom: text('status_from', { enum: LEAD_STATUSES }),
    statusTo: text('status_to', { enum: LEAD_STATUSES }),
    ownerAccountId: integer('owner_account_id').references(() => account.id, { onDelete: 'set null' }),
    ruleName: text('rule_name'),
    createdAt: createdAt(),
  },
  (t) => [index('lead_follow_up_lead_idx').on(t.leadId, t.createdAt)],
);

/** 线索分配规则: a new lead of these kinds from these regions is assigned to this owner on arrival. */
export const leadRoute = pgTable(
  'lead_route',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    name: text('name').notNull(),
    /** LEAD_KINDS this rule takes; empty: every kind. */
    leadKinds: jsonb('lead_kinds').$type<string[]>().notNull().default([]),
    /** Words one of which the lead's region must contain; empty: every region. */
    regions: jsonb('regions').$type<string[]>().notNull().default([]),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => account.id),
    /** Tried from the smallest; the first rule that matches assigns. */
    position: integer('position').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
    requestKey: requestKey(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lead_route_request_key_idx').on(t.requestKey)],
);

/** Saved views of the lead list (contract lead-views.ts): one account's named filter sets, names unique per account. */
export const leadView = pgTable(
  'lead_view',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The list's criteria as its query string carries them (keyword, status, owner, from, …). */
    criteria: jsonb('criteria').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lead_view_account_name_idx').on(t.siteId, t.accountId, t.name)],
);

/**
 * The account's TOTP authenticator (RFC 6238, 30 s, 6 digits, SHA-1: what every authenticator app reads).
 * A row with enabledAt null is an enrolment begun but not yet confirmed with a code. lastStep is the time
 * step of the last code accepted: a code is accepted only for a later step, so one code works once.
 */
export const accountMfa = pgTable('account_mfa', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => account.id, { onDelete: 'cascade' }),
  /** Base32; needed in clear to compute codes (the recovery codes, which are only compared, are hashed). */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per enrolment, stored as sha256 of the normalised code; usedAt once used. */
export const mfaRecoveryCode = pgTable(
  'mfa_recovery_code',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mfa_recovery_code_idx').on(t.accountId, t.codeHash)],
);

/**
 * A sign-in that passed its password or SMS code and waits for the second factor (or, when the
 * organisation requires one, for the enrolment). Only the token's sha256 is stored; 5 minutes, one use.
 */
export const loginChallenge = pgTable(
  'login_challenge',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** password | sms: how the first step was passed (the sign-in history names it). */
    method: text('method').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenge_account_idx').on(t.accountId)],
);

/** A code sent by e-mail to prove a backup address: sha256 of the code, 10 minutes, 5 tries. */
export const emailCode = pgTable('email_code', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => account.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** 首页横幅: the home page carousel; shown while enabled and inside its optional window. */
export const banner = pgTable(
  'banner',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    buttonText: text('button_text').notNull().default(''),
    /** A site path or an http(s) address; '' for no button. */
    link: text('link').notNull().default(''),
    desktopFileUuid: text('desktop_file_uuid').notNull(),
    /** '' : phones get the desktop picture. */
    mobileFileUuid: text('mobile_file_uuid').notNull().default(''),
    /** Shown from the smallest. */
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    requestKey: requestKey(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('banner_request_key_idx').on(t.requestKey)],
);

/** 首页布局: sections (order, visibility, titles), friendly links and the consult bar, one record per site. */
export const homeLayout = pgTable('home_layout', {
  siteId: integer('site_id').primaryKey(),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * 备份: one row per backup the console's schedule or 立即备份 ran on this installation (decision 045). Not part
 * of a backup itself: the archives it lists live on this machine (BACKUP_DIR).
 */
export const backupRun = pgTable(
  'backup_run',
  {
    id: serial('id').primaryKey(),
    /** schedule | manual */
    trigger: text('trigger').notNull(),
    /** queued | running | succeeded | failed */
    status: text('status').notNull().default('queued'),
    /** The archive's name in BACKUP_DIR, once known. */
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    files: integer('files'),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => account.id),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('backup_run_created_idx').on(t.createdAt)],
);

/** The backup schedule, one record: off, daily or weekly at an hour (Beijing time), and how many archives to keep. */
export const backupSettings = pgTable('backup_settings', {
  id: integer('id').primaryKey(),
  schedule: text('schedule').notNull().default('daily'),
  hour: integer('hour').notNull().default(3),
  keep: integer('keep').notNull().default(7),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * 登录方式 (docs/decisions/052): the one record of the OIDC identity provider and the sign-in policy. The client
 * secret is stored for the token request and never read back into an answer.
 */
export const signInSettings = pgTable('sign_in_settings', {
  id: integer('id').primaryKey(),
  oidcEnabled: boolean('oidc_enabled').notNull().default(false),
  issuer: text('issuer').notNull().default(''),
  clientId: text('client_id').notNull().default(''),
  clientSecret: text('client_secret').notNull().default(''),
  scopes: text('scopes').notNull().default('openid profile email'),
  usernameClaim: text('username_claim').notNull().default('preferred_username'),
  groupsClaim: text('groups_claim').notNull().default('groups'),
  jit: boolean('jit').notNull().default(false),
  jitTenantId: integer('jit_tenant_id').references(() => tenant.id),
  jitRoleId: integer('jit_role_id').references(() => role.id, { onDelete: 'set null' }),
  roleRules: jsonb('role_rules').$type<{ group: string; roleId: number }[]>().notNull().default([]),
  ssoRequired: boolean('sso_required').notNull().default(false),
  /** Account ids of the administrators who may still sign in with a password when SSO is required. */
  breakGlass: jsonb('break_glass').$type<number[]>().notNull().default([]),
  version: version(),
  updatedAt: updatedAt(),
});

/** An outside identity linked to an account: sign-in through it opens a session of that account only. */
export const externalIdentity = pgTable(
  'external_identity',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** oidc */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('external_identity_subject_idx').on(t.provider, t.issuer, t.subject),
    index('external_identity_account_idx').on(t.accountId),
  ],
);

/**
 * One round trip to the identity provider: keyed by the hash of its `state`, tied to the browser by a cookie's
 * hash, with the PKCE verifier and nonce; `usedAt` makes it single-use.
 */
export const oidcLoginState = pgTable('oidc_login_state', {
  stateHash: text('state_hash').primaryKey(),
  /** oidc, or the scan-login platform (wecom, dingtalk, feishu) whose callback may take it. */
  provider: text('provider').notNull().default('oidc'),
  browserHash: text('browser_hash').notNull(),
  /** login | link */
  purpose: text('purpose').notNull(),
  /** The signed-in account a link is for. */
  accountId: integer('account_id').references(() => account.id, { onDelete: 'cascade' }),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A scan-login platform's self-built app (企业微信, 钉钉, 飞书; docs/decisions/060): its ids and secret, shared by
 * sign-in and the directory job. The secret is never answered back.
 */
export const scanPlatformApp = pgTable('scan_platform_app', {
  platform: text('platform', { enum: SCAN_PLATFORMS }).primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  corpId: text('corp_id').notNull().default(''),
  agentId: text('agent_id').notNull().default(''),
  appKey: text('app_key').notNull().default(''),
  appSecret: text('app_secret').notNull().default(''),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * 离职同步 (decision 060): whether the daily job reads the 企业微信 / 钉钉 member lists, who takes the leavers'
 * open leads, the admin who set it up (the job's audit lines are in their name) and the last run's result.
 */
export const leaverSync = pgTable('leaver_sync', {
  id: integer('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  handoverTo: integer('handover_to').references(() => account.id, { onDelete: 'set null' }),
  configuredBy: integer('configured_by').references(() => account.id, { onDelete: 'set null' }),
  lastRun: jsonb('last_run').$type<LeaverRunResult>(),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * An outside platform's access token, shared by every instance (shared/platforms/platform-token.ts): one
 * instance claims the refresh with `refreshingUntil`, the others wait for the token it stores.
 */
export const platformToken = pgTable('platform_token', {
  key: text('key').primaryKey(),
  token: text('token').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
});

/**
 * 广告转化回传 (docs/decisions/053): the one record of the Baidu oCPC token, the conversion type (newType) sent
 * for each lead event, and the generic signed webhook. Secrets are never answered back.
 */
export const adConversionSettings = pgTable('ad_conversion_settings', {
  id: integer('id').primaryKey(),
  baiduEnabled: boolean('baidu_enabled').notNull().default(false),
  baiduToken: text('baidu_token').notNull().default(''),
  /** newType per lead event (contract AD_EVENTS); missing events take BAIDU_DEFAULT_NEW_TYPES. */
  baiduTypes: jsonb('baidu_types').$type<Record<string, number>>().notNull().default({}),
  webhookEnabled: boolean('webhook_enabled').notNull().default(false),
  webhookUrl: text('webhook_url').notNull().default(''),
  webhookSecret: text('webhook_secret').notNull().default(''),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * One conversion of one lead to one platform: the unique key (platform, lead, event) is the idempotency key, so
 * a lead marked 有效 twice, or an outbox retry, never reports it twice. Status mirrors the delivery.
 */
export const adConversion = pgTable(
  'ad_conversion',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => customerIntention.id, { onDelete: 'cascade' }),
    /** baidu | webhook */
    platform: text('platform').notNull(),
    /** submitted | qualified | won */
    event: text('event').notNull(),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    /** The platform's last answer, or why it failed, in Chinese. */
    answer: text('answer').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ad_conversion_key_idx').on(t.platform, t.leadId, t.event),
    index('ad_conversion_count_idx').on(t.platform, t.event, t.status),
  ],
);

/** AI 助手 (docs/decisions/055): the one record of the chat API; off and empty until an admin sets it up. */
export const aiSettings = pgTable('ai_settings', {
  id: integer('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  baseUrl: text('base_url').notNull().default(''),
  model: text('model').notNull().default(''),
  /** Never answered back (the view says only whether one is set). */
  apiKey: text('api_key').notNull().default(''),
  monthlyTokenBudget: integer('monthly_token_budget').notNull().default(500_000),
  perUserPerMinute: integer('per_user_per_minute').notNull().default(6),
  /** The model reads pictures (OpenAI's image_url parts): alt text is suggested from the picture itself. */
  vision: boolean('vision').notNull().default(false),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * One suggestion asked for: the messages sent and the answer, kept for review for AI_LIMITS.keepDays and then
 * deleted by the retention job. Also what the per-person rate limit counts.
 */
export const aiRequest = pgTable(
  'ai_request',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    task: text('task').notNull(),
    /** A picture sent to a model is kept as a text part naming the file, never its bytes. */
    messages: jsonb('messages')
      .$type<{ role: string; content: string | { type: string; text?: string }[] }[]>()
      .notNull(),
    answer: text('answer').notNull().default(''),
    /** running | done | cut | failed */
    status: text('status').notNull().default('running'),
    /** The Chinese reason of a fault shown in the panel. */
    fault: text('fault').notNull().default(''),
    tokens: integer('tokens').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_request_account_idx').on(t.accountId, t.createdAt),
    index('ai_request_created_idx').on(t.createdAt),
  ],
);

/** Tokens used per person and month (YYYY-MM, Asia/Shanghai): the budget and the usage table; outlives the prompts. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    requests: integer('requests').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

/**
 * 访问轨迹 (issue 33, decision 054): the site pages a visit viewed, one row per page the server confirmed
 * (the statistics beacon matched a page it served lately), under the first-party visit id the site keeps in
 * sessionStorage and the browser id it keeps in localStorage for 30 days (no cookie). `agent` is a hash of
 * the browser id (or visit id) and the user agent, so rows sent under a copied id from another browser are
 * told apart. Rows of no lead are deleted after two days; a lead's rows go with the lead (erasure,
 * anonymisation by the retention job).
 */
export const visitPage = pgTable(
  'visit_page',
  {
    id: serial('id').primaryKey(),
    visitId: text('visit_id').notNull(),
    browserId: text('browser_id').notNull().default(''),
    agent: text('agent').notNull(),
    /** Path and query of the site page, as the statistics count it. */
    path: text('path').notNull(),
    /** The page's title as the browser showed it (shortened). */
    title: text('title').notNull().default(''),
    /** Where this page was reached from when that was another site (a search engine's name or a host). */
    source: text('source').notNull().default(''),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lead this page belongs to: the visit before its submission, or a return visit within 30 days. */
    leadId: integer('lead_id').references(() => customerIntention.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('visit_page_visit_idx').on(t.visitId, t.viewedAt),
    index('visit_page_browser_idx').on(t.browserId),
    index('visit_page_lead_idx').on(t.leadId, t.viewedAt),
    index('visit_page_viewed_idx').on(t.viewedAt),
  ],
);

/** The visit a lead was sent from (its ids and agent hash), and the earlier lead of the same browser. */
export const leadVisit = pgTable(
  'lead_visit',
  {
    leadId: integer('lead_id')
      .primaryKey()
      .references(() => customerIntention.id, { onDelete: 'cascade' }),
    visitId: text('visit_id').notNull(),
    browserId: text('browser_id').notNull().default(''),
    agent: text('agent').notNull(),
    previousLeadId: integer('previous_lead_id').references(() => customerIntention.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_visit_visit_idx').on(t.visitId), index('lead_visit_browser_idx').on(t.browserId)],
);

/** 线索评分的规则 (decision 057): one row per site; the fit and behaviour rules as the contract checked them. */
export const leadScoreRules = pgTable('lead_score_rules', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => site.id),
  fit: jsonb('fit').$type<ScoreFitRule[]>().notNull().default([]),
  behaviour: jsonb('behaviour').$type<ScoreBehaviourRule[]>().notNull().default([]),
  version: version(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/**
 * 企业微信客户联系 (issue 34, decision 063): the one record of the 客户联系 app — its corp id and secret (for
 * externalcontact/*) and the callback's Token and EncodingAESKey. The secrets are never answered back.
 */
export const wecomContactSettings = pgTable('wecom_contact_settings', {
  id: integer('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  corpId: text('corp_id').notNull().default(''),
  secret: text('secret').notNull().default(''),
  callbackToken: text('callback_token').notNull().default(''),
  encodingAesKey: text('encoding_aes_key').notNull().default(''),
  /** How a lead's owner is offered: contact_way (联系我 QR code) | acquisition_link (获客链接). */
  mode: text('mode').notNull().default('contact_way'),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * A lead's 联系我 (add_contact_way) for its owner: the short unguessable `state` WeCom hands back in the
 * add_external_contact callback, the QR code once created, and the WeCom contact bound through it.
 */
export const leadWecomContact = pgTable(
  'lead_wecom_contact',
  {
    leadId: integer('lead_id')
      .primaryKey()
      .references(() => customerIntention.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    ownerAccountId: integer('owner_account_id').references(() => account.id, { onDelete: 'set null' }),
    wecomUserId: text('wecom_user_id').notNull(),
    /** pending (queued) | ready (QR created) | failed (WeCom refused for good) */
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    configId: text('config_id').notNull().default(''),
    qrCode: text('qr_code').notNull().default(''),
    /** contact_way (联系我: config_id, qr_code) | acquisition_link (获客链接: link_id, link_url). */
    kind: text('kind').notNull().default('contact_way'),
    linkId: text('link_id').notNull().default(''),
    /** The 获客链接's url with customer_channel=<state> appended (WeCom hands it back as the State). */
    linkUrl: text('link_url').notNull().default(''),
    externalUserId: text('external_user_id').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lead_wecom_contact_state_idx').on(t.state)],
);

/**
 * Every platform callback received (decision 063): the raw body as it came, whether it was accepted or why it
 * was refused; an accepted one's idempotency key is unique per platform, so a replay is refused.
 */
export const inboundCallback = pgTable(
  'inbound_callback',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    idempotencyKey: text('idempotency_key'),
    rawBody: text('raw_body').notNull(),
    accepted: boolean('accepted').notNull(),
    reason: text('reason').notNull().default(''),
    event: text('event').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbound_callback_key_idx').on(t.platform, t.idempotencyKey),
    index('inbound_callback_received_idx').on(t.receivedAt),
  ],
);
