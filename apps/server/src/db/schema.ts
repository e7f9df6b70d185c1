/**
 * One schema for PGlite and PostgreSQL. Times are timestamptz (UTC), money is integer fen.
 * Migrations are generated from this file by drizzle-kit (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Short English key for fixed sections (e.g. areaCloud), null for ordinary categories. */
    slug: text('slug'),
    sort: integer('sort').notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('category_site_kind_idx').on(t.siteId, t.kind, t.sort)],
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
    /** draft | published | scheduled (published once publish_time has passed) */
    status: text('status').notNull().default('draft'),
    /** Smaller first; pinned articles get a smaller number than the default 100. */
    sort: integer('sort').notNull().default(100),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    viewCount: integer('view_count').notNull().default(0),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('article_list_idx').on(t.siteId, t.categoryId, t.status, t.sort, t.publishTime),
    index('article_tags_idx').using('gin', t.tags),
  ],
);

export const productTag = pgTable('product_tag', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => site.id),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(100),
  createdAt: createdAt(),
});

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
    detailHtml: text('detail_html').notNull().default(''),
    specs: jsonb('specs').$type<{ name: string; value: string }[]>().notNull().default([]),
    /** draft | published */
    status: text('status').notNull().default('draft'),
    sort: integer('sort').notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_site_status_idx').on(t.siteId, t.status, t.sort)],
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

export const customerIntention = pgTable(
  'customer_intention',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => site.id),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    schoolName: text('school_name').notNull(),
    region: text('region').notNull(),
    /** kindergarten | primary | middle | other */
    schoolType: text('school_type').notNull(),
    role: text('role').notNull(),
    interestedProductId: integer('interested_product_id').references(() => product.id, {
      onDelete: 'set null',
    }),
    message: text('message').notNull().default(''),
    sourcePage: text('source_page').notNull().default(''),
    /** new | contacted | qualified | won | lost */
    status: text('status').notNull().default('new'),
    owner: text('owner'),
    notes: text('notes').notNull().default(''),
    /** sha256 of the client address with a server secret: enough to rate-limit, not to identify. */
    clientIpHash: text('client_ip_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_intention_phone_idx').on(t.siteId, t.phone, t.createdAt),
    index('customer_intention_status_idx').on(t.siteId, t.status, t.createdAt),
  ],
);

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

/** A school (tenant). Every tenant-scoped query takes the tenant id from the session. */
export const tenant = pgTable('tenant', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull().default(''),
  /** kindergarten | primary | middle | other */
  schoolType: text('school_type').notNull().default('primary'),
  createdAt: createdAt(),
});

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
    access: text('access').notNull().default('user'),
    /** pending | confirmed | rejected */
    registerStatus: text('register_status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => account.id),
  },
  (t) => [
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
  },
  (t) => [index('session_account_idx').on(t.accountId), index('session_expires_idx').on(t.expiresAt)],
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
  },
  (t) => [index('sms_code_phone_idx').on(t.phone, t.sentAt)],
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
    createdAt: createdAt(),
  },
  (t) => [index('file_owner_idx').on(t.ownerAccountId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    accountId: integer('account_id').references(() => account.id),
    tenantId: integer('tenant_id').references(() => tenant.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ipHash: text('ip_hash'),
  },
  (t) => [index('audit_log_tenant_idx').on(t.tenantId, t.at)],
);
