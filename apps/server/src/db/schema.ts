/**
 * One schema for PGlite and PostgreSQL. Times are timestamptz (UTC), money is integer fen.
 * Migrations are generated from this file by drizzle-kit (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
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
