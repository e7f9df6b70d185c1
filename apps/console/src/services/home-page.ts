/** 首页管理 calls (store base, vendor admin): banners and the home layout (sections, friendly links, consult bar). */
import {
  type Banner,
  createBannerAdmin,
  deleteBannerAdmin,
  type HomeLayoutValues,
  inquireBannerListAdmin,
  inquireHomeLayoutAdmin,
  updateBannerAdmin,
  updateHomeLayoutAdmin,
} from '@yuexun/contract';
import { call, callOne, JSON_BODY } from './client';

export type BannerInput = Omit<
  NonNullable<Parameters<typeof call<typeof createBannerAdmin>>[1]>,
  'requestKey' | 'siteId'
>;

export const listBanners = async () => (await call(inquireBannerListAdmin)).datas;

/** Field refusals (a picture that is not one, the window) are left to the form: quiet. */
export const createBanner = async (input: BannerInput, requestKey: string) =>
  callOne(createBannerAdmin, { ...input, requestKey }, { quiet: true });

export const updateBanner = async (banner: Banner, input: BannerInput, quiet = false) =>
  callOne(updateBannerAdmin, { ...input, bannerId: banner.id, version: banner.version }, { quiet });

export const deleteBanner = (banner: Banner) =>
  call(deleteBannerAdmin, { bannerId: banner.id, version: banner.version });

/** The whole banner as saved, for a change of one field (the on/off switch). */
export const bannerInput = (b: Banner): BannerInput => ({
  title: b.title,
  subtitle: b.subtitle,
  buttonText: b.buttonText,
  link: b.link,
  desktopFileUuid: b.desktopFileUuid,
  mobileFileUuid: b.mobileFileUuid,
  sortOrder: b.sortOrder,
  enabled: b.enabled,
  ...(b.startAt ? { startAt: b.startAt } : {}),
  ...(b.endAt ? { endAt: b.endAt } : {}),
});

export const loadHomeLayout = async () => callOne(inquireHomeLayoutAdmin);

/** Lists of objects: sent as JSON. */
export const saveHomeLayout = async (values: HomeLayoutValues, version: number) =>
  callOne(updateHomeLayoutAdmin, { ...values, version }, { ...JSON_BODY, quiet: true });
