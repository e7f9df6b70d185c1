/** 首页管理 (site admins and content staff): banners (list, create, edit, delete) and the home layout. */
import {
  createBannerAdmin,
  deleteBannerAdmin,
  inquireBannerListAdmin,
  inquireHomeLayoutAdmin,
  ok,
  updateBannerAdmin,
  updateHomeLayoutAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import {
  createBanner,
  deleteBanner,
  listBanners,
  readHomeLayout,
  updateBanner,
  updateHomeLayout,
} from './home-page.service';

const windowOf = (input: { startAt?: Date | undefined; endAt?: Date | undefined }) => ({
  startAt: input.startAt ?? null,
  endAt: input.endAt ?? null,
});

export const homePageActions = [
  implement(inquireBannerListAdmin, async ({ app }) => ok(await listBanners(app.db))),
  implement(createBannerAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, ...values } = input;
    return ok([await createBanner(app.db, actor, { ...values, ...windowOf(values) })]);
  }),
  implement(updateBannerAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, ...values } = input;
    return ok([await updateBanner(app.db, actor, { ...values, ...windowOf(values) })]);
  }),
  implement(deleteBannerAdmin, async ({ input, app, actor }) =>
    ok([await deleteBanner(app.db, actor, input.bannerId, input.version)]),
  ),
  implement(inquireHomeLayoutAdmin, async ({ app }) => ok([await readHomeLayout(app.db)])),
  implement(updateHomeLayoutAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, version, ...values } = input;
    return ok([await updateHomeLayout(app.db, actor, version, values)]);
  }),
];
