/**
 * The site's view of the server (SiteServices, packages/contract/src/site-data.ts): the domain services bound
 * to this request, as plain functions handed to Astro through `locals` (no HTTP round trip to itself).
 * Queries belong to their domain's service; this file only binds and shapes them.
 */

import type { PublicHomeLayout, PublicSiteSettings, SiteServices } from '@yuexun/contract';
import { bannerState, nextBannerChange, SITE_ID, siteNavEntries } from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getArticleDetail, listArticles } from '../articles/article.service';
import { findSiteCategory, listSiteCategories } from '../categories/category.service';
import { listDownloads } from '../files/download.service';
import { fileAccess, fileExists } from '../files/file.service';
import { listBanners, readHomeLayout } from '../home-page/home-page.service';
import { submitLead } from '../leads/submit-lead';
import { readNavigation } from '../navigation/navigation.service';
import { readSiteSeo } from '../page-seo/page-seo.service';
import { getProductDetail, listTagsWithProducts } from '../products/product.service';
import { BusinessError } from '../shared/errors';
import { verifyPreviewToken } from '../shared/preview-token';
import { readSiteSettings } from '../site-settings/site-settings.service';
import { siteSearch } from './search';
import { sitemapEntries } from './sitemap';

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

/** The home layout every page uses (footer links, consult bar), from the public read cache; disabled links left out. */
export const publicHomeLayout = async (app: FastifyInstance): Promise<PublicHomeLayout> => {
  const layout = await app.readCache.get('home-layout', () => readHomeLayout(app.db));
  return {
    sections: layout.sections,
    consultBar: layout.consultBar,
    friendlyLinks: layout.friendlyLinks.filter((l) => l.enabled),
  };
};

/**
 * The live banners. The cached list holds every banner; which are live is decided here, at each render,
 * so a banner never shows outside its window however long the list was cached.
 */
const liveBanners = async (app: FastifyInstance, now = Date.now()) => {
  const all = await app.readCache.get('home-banners', () => listBanners(app.db));
  return {
    items: all
      .filter((b) => bannerState(b, now) === 'live')
      .map(({ id, title, subtitle, buttonText, link, desktopFileUuid, mobileFileUuid }) => ({
        id,
        title,
        subtitle,
        buttonText,
        link,
        desktopFileUuid,
        mobileFileUuid,
      })),
    nextChange: nextBannerChange(all, now),
  };
};

/** `countView` receives the article ids a page shows (the page cache counts them on every serve instead). */
export const siteServices = (
  app: FastifyInstance,
  request: FastifyRequest,
  countView: (articleId: number) => void = (id) => app.viewCounter.count(id),
): SiteServices => {
  const db = app.db;
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
    categories: (kind) => listSiteCategories(db, kind),
    category: (id) => findSiteCategory(db, id),
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
    sitemap: () => sitemapEntries(db),
    downloads: () => listDownloads(db),
    fileExists: (fileUuid) => fileExists(db, fileUuid),
    fileAccess: (fileUuid) => fileAccess(app, request, fileUuid),
    search: ({ query, pageIndex }) => siteSearch(app, query, pageIndex),
    navigation: async () =>
      siteNavEntries((await app.readCache.get('site-navigation', () => readNavigation(db))).items),
    seo: () => app.readCache.get('page-seo', () => readSiteSeo(db)),
    banners: () => liveBanners(app),
  };
};
