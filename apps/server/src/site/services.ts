/**
 * The site's view of the server: the news, product and lead services bound to this request, as
 * plain functions handed to Astro through `locals` (no HTTP round trip to itself).
 */
import {
  articleDetailPath,
  type CategoryKind,
  categoryListPath,
  productDetailPath,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteServices } from '../../../site/src/lib/services';
import { getArticleDetail, listArticles, visibleArticle } from '../actions/news/news.service';
import { createLead, hashClientAddress, leadMessage } from '../actions/store/lead.service';
import { getProductDetail, listTagsWithProducts } from '../actions/store/product.service';
import { article, category, file, product } from '../db/schema';
import { BusinessError } from '../errors';
import { downloadCatalogue } from '../seed/downloads';

const orNull = async <T>(load: () => Promise<T>): Promise<T | null> => {
  try {
    return await load();
  } catch (error) {
    if (error instanceof BusinessError) return null;
    throw error;
  }
};

const STATIC_PAGES = ['/home', '/service', '/download', '/priceShop', '/agent', '/securityCenter'];

export const siteServices = (app: FastifyInstance, request: FastifyRequest): SiteServices => {
  const db = app.db;
  const categoryColumns = { id: category.id, kind: category.kind, name: category.name, slug: category.slug };
  return {
    listArticles: (criteria) => listArticles(db, { siteId: SITE_ID, ...criteria }),
    article: async (id) => {
      const detail = await orNull(() => getArticleDetail(db, id));
      if (!detail) return null;
      app.viewCounter.count(detail.id);
      return { ...detail, viewCount: detail.viewCount + app.viewCounter.unwritten(detail.id) };
    },
    categories: async (kind) => {
      const rows = await db
        .select(categoryColumns)
        .from(category)
        .where(and(eq(category.siteId, SITE_ID), eq(category.kind, kind)))
        .orderBy(asc(category.sort), asc(category.id));
      return rows.map((r) => ({ ...r, kind: r.kind as CategoryKind }));
    },
    category: async (id) => {
      const [row] = await db
        .select(categoryColumns)
        .from(category)
        .where(and(eq(category.siteId, SITE_ID), eq(category.id, id)));
      return row ? { ...row, kind: row.kind as CategoryKind } : null;
    },
    productTags: () => listTagsWithProducts(db),
    product: (id) => orNull(() => getProductDetail(db, id)),
    createLead: async (input) => {
      try {
        const outcome = await createLead(db, input, {
          ipHash: hashClientAddress(request.ip, app.secrets.ipHash),
          limitPerHour: app.config.leadLimitPerHour,
        });
        request.log.info({ leadId: outcome.id, duplicate: outcome.duplicate }, 'lead from the site form');
        return { message: leadMessage(outcome) };
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
