/**
 * The site's view of the server (SiteServices, packages/contract/src/site-data.ts): the domain services bound
 * to this request, as plain functions handed to Astro through `locals` (no HTTP round trip to itself).
 * Queries belong to their domain's service; this file only binds and shapes them.
 */

import type {
  PublicHomeLayout,
  PublicSiteSettings,
  SiteForm,
  SiteServices,
  WithPictures,
} from '@yuexun/contract';
import {
  bannerState,
  DEFAULT_FOCUS,
  messages,
  nextBannerChange,
  optionalVisitId,
  pictureUuidsIn,
  SITE_ID,
  sectionNames,
  siteNavEntries,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getArticleDetail, listArticles } from '../articles/article.service';
import { cachedArticleDetail } from '../articles/articles';
import { findSiteCategory, listSiteCategories } from '../categories/category.service';
import { listDownloads } from '../files/download.service';
import { fileAccess, fileExists } from '../files/file.service';
import { pictureFactsOf, withPictures } from '../files/file-pictures.service';
import { listBanners, readHomeLayout } from '../home-page/home-page.service';
import { findLiveForm, findPlacedForm, type LiveForm } from '../leads/live-form.service';
import { submitForm } from '../leads/submit-form';
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
/** A business refusal as the site's pages read it (LeadRefusal: the message and each field's). */
const leadRefusalOf = (error: unknown) => {
  if (!(error instanceof BusinessError)) return error;
  return Object.assign(new Error(error.message), {
    name: 'LeadRefused' as const,
    fields: Object.fromEntries((error.errors ?? []).map((e) => [e.field, e.message])),
  });
};

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

/** A form as the site shows it: no version, no kind, nothing staff-only. */
const siteFormOf = (form: LiveForm): SiteForm => {
  const { id, slug, name, successMessage, fields, placements, downloadFileUuid } = form;
  return { id, slug, name, successMessage, fields, placements, downloadFileUuid };
};

/**
 * The live banners. The cached list holds every banner; which are live is decided here, at each render,
 * so a banner never shows outside its window however long the list was cached.
 */
const liveBanners = async (app: FastifyInstance, now = Date.now()) => {
  const all = await app.readCache.get('home-banners', async () => {
    const banners = await listBanners(app.db);
    const facts = await pictureFactsOf(
      app.db,
      banners.flatMap((b) => [b.desktopFileUuid, b.mobileFileUuid]),
    );
    const factsOf = (uuid: string) => facts.get(uuid) ?? NO_FACTS;
    return banners.map((b) => ({
      ...b,
      desktopPicture: factsOf(b.desktopFileUuid),
      mobilePicture: factsOf(b.mobileFileUuid || b.desktopFileUuid),
    }));
  });
  return {
    items: all
      .filter((b) => bannerState(b, now) === 'live')
      .map(({ id, title, subtitle, buttonText, link, desktopFileUuid, mobileFileUuid, ...pictures }) => ({
        id,
        title,
        subtitle,
        buttonText,
        link,
        desktopFileUuid,
        mobileFileUuid,
        desktopPicture: pictures.desktopPicture,
        mobilePicture: pictures.mobilePicture,
      })),
    nextChange: nextBannerChange(all, now),
  };
};

const NOT_KEPT = Symbol('not found');
const NO_FACTS = {
  altText: '',
  focusX: DEFAULT_FOCUS,
  focusY: DEFAULT_FOCUS,
  version: '',
  width: null,
  height: null,
};

/**
 * `countView` receives the article ids a page shows (the page cache counts them on every serve instead).
 * What every visitor sees alike (lists, categories, the price shop, an article, a product) is read through
 * the public read cache, so a page the page cache does not hold yet (a crawler's sweep, the first visit after
 * an edit) costs its rendering and the few reads nobody made in the last seconds, not a query per block.
 * An article shares its entry with the API's detail action (`article:<id>`), views included.
 */
export const siteServices = (
  app: FastifyInstance,
  request: FastifyRequest,
  countView: (articleId: number) => void = (id) => app.viewCounter.count(id),
): SiteServices => {
  const db = app.db;
  const cached = <T>(key: string, load: () => Promise<T>) => app.readCache.get(key, load);
  // "Not found" is never kept (decision 009): the next request asks again.
  const cachedIfFound = async <T>(key: string, load: () => Promise<T | null>) => {
    try {
      return await cached(key, async () => (await load()) ?? Promise.reject(NOT_KEPT));
    } catch (error) {
      if (error === NOT_KEPT) return null;
      throw error;
    }
  };
  // A body's pictures (decision 070), read through the cache like the article itself: a signed-in visitor skips
  // the page cache, and an article is rendered on every one of their views.
  const withBodyPictures = async <T extends { bodyHtml: string }>(item: T): Promise<T & WithPictures> => {
    const uuids = pictureUuidsIn(item.bodyHtml);
    if (uuids.length === 0) return item;
    const pictures = await cached(`site-pictures:${uuids.join(',')}`, async () =>
      Object.fromEntries(await pictureFactsOf(db, uuids)),
    );
    return { ...item, pictures };
  };
  // The menu (console 导航菜单): the header's links and the sections' names read the same entry.
  const savedNavigation = () => cached('site-navigation', () => readNavigation(db));
  return {
    listArticles: (criteria) =>
      cached(`site-articles:${JSON.stringify(criteria)}`, async () => {
        const { items, paging } = await listArticles(db, { siteId: SITE_ID, ...criteria });
        return { items: await withPictures(db, items, (a) => [a.coverFileUuid]), paging };
      }),
    article: async (id) => {
      const found = await orNull(() => cachedArticleDetail(app, id));
      if (!found) return null;
      const { detail, viewBaseline } = found;
      countView(detail.id);
      return {
        ...(await withBodyPictures(detail)),
        viewCount: app.viewCounter.shown(detail.id, viewBaseline),
      };
    },
    articlePreview: async (token) => {
      const id = verifyPreviewToken(app.config.previewSecret, token);
      const detail = id === null ? null : await orNull(() => getArticleDetail(db, id, { anyStatus: true }));
      return detail ? withBodyPictures(detail) : null;
    },
    categories: (kind) => cached(`site-categories:${kind}`, () => listSiteCategories(db, kind)),
    category: (id) => cachedIfFound(`site-category:${id}`, () => findSiteCategory(db, id)),
    productTags: () =>
      cached('site-product-tags', async () => {
        const tags = await listTagsWithProducts(db);
        return Promise.all(
          tags.map(async (tag) => ({
            ...tag,
            products: await withPictures(db, tag.products, (p) => [p.coverFileUuid]),
          })),
        );
      }),
    product: (id) =>
      cachedIfFound(`site-product:${id}`, async () => {
        const product = await orNull(() => getProductDetail(db, id));
        if (!product) return null;
        const [shown] = await withPictures(db, [product], (p) => [
          p.coverFileUuid,
          ...p.galleryFileUuids,
          ...pictureUuidsIn(p.detailHtml),
        ]);
        return shown ?? null;
      }),
    createLead: async (input) => {
      try {
        const { message, wecomContact } = await submitLead(app, request, input);
        return { message, wecomContact };
      } catch (error) {
        throw leadRefusalOf(error);
      }
    },
    wecomQrCode: (state) => app.wecomContact.qrCodeByState(state),
    wecomLink: (state) => app.wecomContact.linkByState(state),
    form: async (slug) => {
      const form = await findLiveForm(db, { slug });
      return form?.enabled ? siteFormOf(form) : null;
    },
    placedForm: async (place) =>
      (
        await cached(`site-placed-forms:${place}`, async () => {
          const form = await findPlacedForm(db, place);
          return { form: form ? siteFormOf(form) : null };
        })
      ).form,
    submitForm: async ({ slug, answers, sourcePage, website, visitId, browserId, files }) => {
      try {
        const sent = await submitForm(
          app,
          request,
          {
            siteId: SITE_ID,
            slug,
            answers,
            sourcePage,
            website,
            // Only well-formed ids (the API's schema ignores the others the same way).
            visitId: optionalVisitId.parse(visitId),
            browserId: optionalVisitId.parse(browserId),
          },
          files,
        );
        return { message: sent.message, duplicate: sent.message === messages.leadDuplicate };
      } catch (error) {
        throw leadRefusalOf(error);
      }
    },
    sitemap: () => sitemapEntries(db),
    downloads: () => listDownloads(db),
    fileExists: (fileUuid) => fileExists(db, fileUuid),
    fileAccess: (fileUuid) => fileAccess(app, request, fileUuid),
    search: ({ query, pageIndex }) => siteSearch(app, query, pageIndex),
    navigation: async () => siteNavEntries((await savedNavigation()).items),
    sectionNames: async () => sectionNames((await savedNavigation()).items),
    seo: () => app.readCache.get('page-seo', () => readSiteSeo(db)),
    banners: () => liveBanners(app),
  };
};
