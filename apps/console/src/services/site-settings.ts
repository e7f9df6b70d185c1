/** Site settings calls (store base, vendor admin): read, save whole with its version, revisions. */
import {
  inquireSiteSettingsAdmin,
  inquireSiteSettingsRevisionListAdmin,
  type SiteSettingsValues,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { callList, callOne } from './client';

export const loadSiteSettings = async () => callOne(inquireSiteSettingsAdmin);

export const saveSiteSettings = async (values: SiteSettingsValues, version: number) =>
  callOne(updateSiteSettingsAdmin, { ...values, version });

export type RevisionQuery = Parameters<typeof callList<typeof inquireSiteSettingsRevisionListAdmin>>[1];

export const listSiteSettingsRevisions = (query: RevisionQuery) =>
  callList(inquireSiteSettingsRevisionListAdmin, query);
