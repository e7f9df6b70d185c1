/** 导航菜单 and 页面 SEO calls (store base, vendor admin): the top menu saved whole; SEO one page or category at a time. */
import {
  inquireNavigationAdmin,
  inquirePageSeoListAdmin,
  type NavItem,
  type PageSeoEntry,
  type SeoPageKey,
  type SeoValues,
  type SiteNavigation,
  updateCategorySeoAdmin,
  updateNavigationAdmin,
  updatePageSeoAdmin,
} from '@yuexun/contract';
import { call, JSON_BODY } from './client';

export const loadNavigation = async () => (await call(inquireNavigationAdmin)).datas[0] as SiteNavigation;

export const saveNavigation = async (items: NavItem[], version: number) =>
  (await call(updateNavigationAdmin, { items, version }, JSON_BODY)).datas[0] as SiteNavigation;

export const loadPageSeo = async () => (await call(inquirePageSeoListAdmin)).datas as PageSeoEntry[];

/** Field refusals land on the form: quiet. */
export const savePageSeo = async (entry: PageSeoEntry, values: SeoValues) =>
  (entry.target === 'page'
    ? await call(
        updatePageSeoAdmin,
        { ...values, page: entry.page as SeoPageKey, version: entry.version },
        { quiet: true },
      )
    : await call(
        updateCategorySeoAdmin,
        { ...values, categoryId: entry.categoryId ?? 0, version: entry.version },
        { quiet: true },
      )
  ).datas[0] as PageSeoEntry;
