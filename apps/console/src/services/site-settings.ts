/** Site settings calls (store base, vendor admin): read, save whole with its version, revisions. */
import {
  inquireSiteSettingsAdmin,
  inquireSiteSettingsRevisionListAdmin,
  type SiteSettings,
  type SiteSettingsValues,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { call, callList } from './client';

export const loadSiteSettings = async () => (await call(inquireSiteSettingsAdmin)).datas[0] as SiteSettings;

export const saveSiteSettings = async (values: SiteSettingsValues, version: number) =>
  (await call(updateSiteSettingsAdmin, { ...values, version })).datas[0] as SiteSettings;

export type RevisionQuery = Parameters<typeof callList<typeof inquireSiteSettingsRevisionListAdmin>>[1];

export const listSiteSettingsRevisions = (query: RevisionQuery) =>
  callList(inquireSiteSettingsRevisionListAdmin, query);
