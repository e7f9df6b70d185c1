/**
 * 首页管理: banners (rows, versioned and audited, pictures checked like the site settings' pictures) and
 * the home layout record (sections, friendly links, consult bar: one versioned, audited record per site,
 * created at start-up). The site reads both through the public read cache; which banners are live is
 * decided at render time, so a cached list never shows a banner outside its window.
 */
import {
  BANNERS_MAX,
  type Banner,
  BusinessCode,
  bannerState,
  DEFAULT_HOME_LAYOUT,
  HOME_SECTION_KEYS,
  type HomeLayout,
  type HomeLayoutValues,
  homeLayoutFields,
  homePageMessages,
  messages,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { banner, homeLayout } from '../db/schema';
import { createAudited } from '../shared/admin/request-key';
import { deleteVersioned, fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { rowCount } from '../shared/paging';
import { checkSitePictures } from '../shared/site-pictures';

type Row = typeof banner.$inferSelect;

export interface BannerValues {
  title: string;
  subtitle: string;
  buttonText: string;
  link: string;
  desktopFileUuid: string;
  mobileFileUuid: string;
  sortOrder: number;
  enabled: boolean;
  startAt: Date | null;
  endAt: Date | null;
}

const view = (row: Row, now = Date.now()): Banner => {
  const startAt = row.startAt?.toISOString() ?? null;
  const endAt = row.endAt?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    buttonText: row.buttonText,
    link: row.link,
    desktopFileUuid: row.desktopFileUuid,
    mobileFileUuid: row.mobileFileUuid,
    sortOrder: row.sortOrder,
    enabled: row.enabled,
    startAt,
    endAt,
    state: bannerState({ enabled: row.enabled, startAt, endAt }, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
};

/** Every banner of the site in display order (the site filters by state when it renders). */
export const listBanners = async (db: Db): Promise<Banner[]> =>
  (
    await db
      .select()
      .from(banner)
      .where(eq(banner.siteId, SITE_ID))
      .orderBy(asc(banner.sortOrder), asc(banner.id))
  ).map((row) => view(row));

const findBanner = async (db: Db, id: number) => {
  const [row] = await db
    .select()
    .from(banner)
    .where(and(eq(banner.siteId, SITE_ID), eq(banner.id, id)));
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'bannerId', homePageMessages.bannerMissing);
  return view(row);
};

/** The window must close after it opens; both pictures must be stored images within the limit. */
const checkBanner = async (tx: Db, values: BannerValues) => {
  if (values.startAt && values.endAt && values.endAt <= values.startAt)
    throw fieldError(BusinessCode.BAD_REQUEST, 'endAt', homePageMessages.endBeforeStart);
  await checkSitePictures(tx, {
    desktopFileUuid: values.desktopFileUuid,
    mobileFileUuid: values.mobileFileUuid,
  });
};

const audited = (values: BannerValues) => ({
  ...values,
  startAt: values.startAt?.toISOString() ?? null,
  endAt: values.endAt?.toISOString() ?? null,
});

export const createBanner = async (db: Db, actor: Actor, values: BannerValues & { requestKey: string }) => {
  const id = await db.transaction(async (tx) => {
    const { requestKey, ...fields } = values;
    const [earlier] = await tx
      .select({ id: banner.id })
      .from(banner)
      .where(eq(banner.requestKey, requestKey));
    if (earlier) return earlier.id;
    const [{ n } = { n: 0 }] = await tx.select(rowCount).from(banner).where(eq(banner.siteId, SITE_ID));
    if (n >= BANNERS_MAX) throw new BusinessError(BusinessCode.BAD_REQUEST, homePageMessages.tooManyBanners);
    await checkBanner(tx, fields);
    return createAudited(tx, actor, {
      table: banner,
      values: { siteId: SITE_ID, ...fields, requestKey },
      targetType: 'banner',
      detail: { name: fields.title, startAt: audited(fields).startAt, endAt: audited(fields).endAt },
    });
  });
  return findBanner(db, id);
};

export const updateBanner = async (
  db: Db,
  actor: Actor,
  input: BannerValues & { bannerId: number; version: number },
) => {
  const { bannerId, version, ...values } = input;
  await updateVersioned(db, actor, {
    table: banner,
    id: bannerId,
    version,
    missing: { field: 'bannerId', message: homePageMessages.bannerMissing },
    targetType: 'banner',
    change: async (before, tx) => {
      const changes = changedFields(audited(before), audited(values));
      if (Object.keys(changes).length === 0) return null;
      await checkBanner(tx, values);
      const onlyEnabled = 'enabled' in changes && Object.keys(changes).length === 1;
      return {
        set: values,
        action: onlyEnabled ? (values.enabled ? 'enable' : 'disable') : 'update',
        detail: { name: values.title, changes },
      };
    },
  });
  return findBanner(db, bannerId);
};

export const deleteBanner = async (db: Db, actor: Actor, id: number, version: number) => {
  await deleteVersioned(db, actor, {
    table: banner,
    id,
    version,
    notFoundMessage: homePageMessages.bannerMissing,
    targetType: 'banner',
    audited: { name: banner.title },
  });
  return { id };
};

/**
 * Stored JSON → a whole layout: a section missing from an older record is put back (shown, at the end);
 * an unknown one is dropped.
 */
const completeLayout = (stored: Record<string, unknown>): HomeLayoutValues => {
  const parsed = homeLayoutFields.partial().safeParse(stored);
  const value = parsed.success ? parsed.data : {};
  const sections = (value.sections ?? []).filter((s) => HOME_SECTION_KEYS.includes(s.key));
  for (const key of HOME_SECTION_KEYS)
    if (!sections.some((s) => s.key === key)) sections.push({ key, title: '', visible: true });
  return {
    sections,
    consultBar: value.consultBar ?? DEFAULT_HOME_LAYOUT.consultBar,
    friendlyLinks: value.friendlyLinks ?? [],
  };
};

/** Creates the layout (and, with demo content, its banners) on first start; later starts change nothing. */
export const ensureHomeLayout = async (
  db: Db,
  initial: { layout: HomeLayoutValues; banners: BannerValues[] } | null,
) =>
  db.transaction(async (tx) => {
    const [created] = await tx
      .insert(homeLayout)
      .values({ siteId: SITE_ID, values: initial?.layout ?? DEFAULT_HOME_LAYOUT })
      .onConflictDoNothing()
      .returning({ version: homeLayout.version });
    if (created && initial && initial.banners.length > 0)
      await tx.insert(banner).values(initial.banners.map((b) => ({ siteId: SITE_ID, ...b })));
    return Boolean(created);
  });

export const readHomeLayout = async (db: Db): Promise<HomeLayout> => {
  const [row] = await db.select().from(homeLayout).where(eq(homeLayout.siteId, SITE_ID));
  if (!row) return { ...DEFAULT_HOME_LAYOUT, version: 0, updatedAt: new Date(0).toISOString() };
  return { ...completeLayout(row.values), version: row.version, updatedAt: row.updatedAt.toISOString() };
};

export const updateHomeLayout = async (
  db: Db,
  actor: Actor,
  version: number,
  values: HomeLayoutValues,
): Promise<HomeLayout> => {
  await updateVersioned(db, actor, {
    table: homeLayout,
    key: homeLayout.siteId,
    id: SITE_ID,
    version,
    missing: { message: messages.staleVersion },
    targetType: 'home_layout',
    change: async (before) => {
      const old = completeLayout(before.values);
      const changes = changedFields(
        {
          sections: JSON.stringify(old.sections),
          consultBar: old.consultBar,
          friendlyLinks: JSON.stringify(old.friendlyLinks),
        },
        {
          sections: JSON.stringify(values.sections),
          consultBar: values.consultBar,
          friendlyLinks: JSON.stringify(values.friendlyLinks),
        },
      );
      return { set: { values }, detail: { name: '首页布局', changes } };
    },
  });
  return readHomeLayout(db);
};
