/** 首页管理 calls (store base, vendor admin): banners and the home layout (sections, friendly links, consult bar). */
import {
  type Banner,
  createBannerAdmin,
  deleteBannerAdmin,
  type HomeLayout,
  type HomeLayoutValues,
  inquireBannerListAdmin,
  inquireHomeLayoutAdmin,
  updateBannerAdmin,
  updateHomeLayoutAdmin,
} from '@yuexun/contract';
import { call, JSON_BODY } from './client';

export type BannerInput = Omit<
  NonNullable<Parameters<typeof call<typeof createBannerAdmin>>[1]>,
  'requestKey' | 'siteId'
>;

export const listBanners = async () => (await call(inquireBannerListAdmin)).datas as Banner[];

/** Field refusals (a picture that is not one, the window) are left to the form: quiet. */
export const createBanner = async (input: BannerInput, requestKey: string) =>
  (await call(createBannerAdmin, { ...input, requestKey }, { quiet: true })).datas[0] as Banner;

export const updateBanner = async (banner: Banner, input: BannerInput, quiet = false) =>
  (await call(updateBannerAdmin, { ...input, bannerId: banner.id, version: banner.version }, { quiet }))
    .datas[0] as Banner;

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

export const loadHomeLayout = async () => (await call(inquireHomeLayoutAdmin)).datas[0] as HomeLayout;

/** Lists of objects: sent as JSON. */
export const saveHomeLayout = async (values: HomeLayoutValues, version: number) =>
  (await call(updateHomeLayoutAdmin, { ...values, version }, { ...JSON_BODY, quiet: true }))
    .datas[0] as HomeLayout;
