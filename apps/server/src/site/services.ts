/**
 * The site's view of the server: the news, product and lead services bound to this request, as
 * plain functions handed to Astro through `locals` (no HTTP round trip to itself).
 */

import type { PublicSiteSettings, SiteServices } from '@yuexun/contract';
import { articleDetailPath, categoryListPath, productDetailPath, SITE_ID } from '@yuexun/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getArticleDetail, listArticles, visibleArticle } from '../articles/article.service';
import { article, category, file, product } from '../db/schema';
import { submitLead } from '../leads/submit-lead';
import { getProductDetail, listTagsWithProducts } from '../products/product.service';
import { downloadCatalogue } from '../seed/downloads';
import { BusinessError } from '../shared/errors';
import { verifyPreviewToken } from '../shared/preview-token';
import { readSiteSettings } from '../site-settings/site-settings.service';

const orNull = async <T>(load: () => Promise<T>): Promise<T | null> => {
  try {
    return await load();
  } catch (error) {
    if (error instanceof BusinessError) return null;
    throw error;
  }
};

/** The settings every page shows, from the public read cache (cleared by every console save). */
export const publicSiteSettings = async (app: FastifyInstance): Promise<PublicSiteSettings> => {
  const settings = await app.readCache.get('site-settings', () => readSiteSettings(app.db));
  const { version: _v, updatedAt: _u, baiduToken: _t, indexNowKey: _k, ...shown } = settings;
  return shown;
};

const STATIC_PAGES = ['/home', '/service', '/download', '/priceShop', '/agent', '/securityCenter'];

/** `countView` receives the article ids a page shows (the page cache counts them on every serve instead). */
export const siteServices = (
  app: FastifyInstance,
  request: FastifyRequest,
  countView: (articleId: number) => void = (id) => app.viewCounter.count(id),
): SiteServices => {
  const db = app.db;
  const categoryColumns = { id: category.id, kind: category.kind, name: category.name, slug: category.slug };
  return {
    listArticles: (criteria) => listArticles(db, { siteId: SITE_ID, ...criteria }),
    article: async (id) => {
      const detail = await orNull(() => getArticleDetail(db, id));
      if (!detail) return null;
      const baseline = app.viewCounter.baseline(detail.id, detail.viewCount);
      countView(detail.id);
      return { ...detail, viewCount: app.viewCounter.shown(detail.id, baseline) };
    },
    articlePreview: async (token) => {
      const id = verifyPreviewToken(app.config.previewSecret, token);
      return id === null ? null : orNull(() => getArticleDetail(db, id, { anyStatus: true }));
    },
    categories: async (kind) => {
      const rows = await db
        .select(categoryColumns)
        .from(category)
        .where(and(eq(category.siteId, SITE_ID), eq(category.kind, kind)))
        .orderBy(asc(category.sort), asc(category.id));
      return rows;
    },
    category: async (id) => {
      const [row] = await db
        .select(categoryColumns)
        .from(category)
        .where(and(eq(category.siteId, SITE_ID), eq(category.id, id)));
      return row ?? null;
    },
    productTags: () => listTagsWithProducts(db),
    product: (id) => orNull(() => getProductDetail(db, id)),
    createLead: async (input) => {
      try {
        return { message: (await submitLead(app, request, input)).message };
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        const refusal = Object.assign(new Error(error.message), {
          name: 'LeadRefused' as const,
          fields: Object.fromEntries((error.errors ?? []).map((e) => [e.field, e.message])),
        });
        throw refusal;
      }
    },
    sitemap: async () => {
      const [categories, articles, products] = await Promise.all([
        db
          .select(categoryColumns)
          .from(category)
          .where(eq(category.siteId, SITE_ID))
          .orderBy(asc(category.sort), asc(category.id)),
        db
          .select({ id: article.id, kind: category.kind, updatedAt: article.updatedAt })
          .from(article)
          .innerJoin(category, eq(category.id, article.categoryId))
          .where(visibleArticle())
          .orderBy(asc(article.id)),
        db
          .select({ id: product.id, updatedAt: product.updatedAt })
          .from(product)
          .where(and(eq(product.siteId, SITE_ID), eq(product.status, 'published')))
          .orderBy(asc(product.id)),
      ]);
      return [
        ...STATIC_PAGES.map((path) => ({ path, lastModified: null })),
        ...categories.flatMap((c) => {
          const path = categoryListPath(c.kind, c.id, c.slug);
          return path ? [{ path, lastModified: null }] : [];
        }),
        ...articles.map((a) => ({
          path: articleDetailPath(a.kind, a.id),
          lastModified: a.updatedAt.toISOString(),
        })),
        ...products.map((p) => ({
          path: productDetailPath(p.id),
          lastModified: p.updatedAt.toISOString(),
        })),
      ];
    },
    downloads: async () => {
      const catalogue = downloadCatalogue();
      const rows = await db
        .select({ uuid: file.uuid, name: file.name, size: file.size, format: file.format })
        .from(file)
        .where(
          inArray(
            file.uuid,
            catalogue.map((d) => d.fileUuid),
          ),
        );
      const stored = new Map(rows.map((r) => [r.uuid, r]));
      return catalogue.flatMap((d) => {
        const row = stored.get(d.fileUuid);
        return row
          ? [
              {
                fileUuid: d.fileUuid,
                fileName: row.name,
                title: d.title,
                description: d.description,
                group: d.group,
                format: row.format,
                size: row.size,
              },
            ]
          : [];
      });
    },
    fileExists: async (fileUuid) => {
      const [row] = await db.select({ uuid: file.uuid }).from(file).where(eq(file.uuid, fileUuid));
      return Boolean(row);
    },
  };
};
