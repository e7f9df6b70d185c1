/** 导航菜单 and 页面 SEO calls (store base, vendor admin): the top menu saved whole; SEO one page or category at a time. */
import {
  inquireNavigationAdmin,
  inquirePageSeoListAdmin,
  type NavItem,
  type PageSeoEntry,
  type SeoPageKey,
  type SeoValues,
  updateCategorySeoAdmin,
  updateNavigationAdmin,
  updatePageSeoAdmin,
} from '@yuexun/contract';
import { call, callOne, JSON_BODY } from './client';

export const loadNavigation = async () => callOne(inquireNavigationAdmin);

export const saveNavigation = async (items: NavItem[], version: number) =>
  callOne(updateNavigationAdmin, { items, version }, JSON_BODY);

export const loadPageSeo = async () => (await call(inquirePageSeoListAdmin)).datas;

/** Field refusals land on the form: quiet. */
export const savePageSeo = (entry: PageSeoEntry, values: SeoValues) =>
  entry.target === 'page'
    ? callOne(
        updatePageSeoAdmin,
        { ...values, page: entry.page as SeoPageKey, version: entry.version },
        { quiet: true },
      )
    : callOne(
        updateCategorySeoAdmin,
        { ...values, categoryId: entry.categoryId ?? 0, version: entry.version },
        { quiet: true },
      );
