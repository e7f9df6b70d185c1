/**
 * 首页管理 (store base, site admins and content staff): the home page's banners (a carousel, each with a
 * desktop and a phone picture, an optional display window), the order, visibility and titles of its
 * sections, the footer's friendly links (友情链接) and the phones' floating consult bar. Banners are rows;
 * the rest is one versioned, audited record per site (the home layout).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalInstant, requestKeyField, versionField } from './admin-fields';
import { fieldBounds } from './field-limits';
import {
  charLength,
  hasControlCharacters,
  listField,
  positiveInt,
  prepared,
  siteScoped,
  text,
} from './fields';
import { messages } from './messages';
import { SITE_LINK_PATTERN } from './site-settings';

/** The home page's sections, in their default order. */
export const HOME_SECTION_KEYS = ['solutions', 'cases', 'news', 'products', 'lead'] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

/** Banners a site may have (every home render reads them all). */
export const BANNERS_MAX = 20;
/** Friendly links a footer shows at most. */
export const FRIENDLY_LINKS_MAX = 30;

export const homePageMessages = {
  bannerMissing: '横幅不存在或已删除',
  endBeforeStart: '结束时间须晚于开始时间',
  tooManyBanners: `横幅最多 ${BANNERS_MAX} 条`,
  link: '链接须为本站路径（以 / 开头）或 http:// / https:// 开头的网址',
  sections: '首页栏目须包含解决方案、示范案例、新闻动态、产品和预约演示各一次',
  listFormat: (label: string) => `${label}格式不正确`,
} as const;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Optional text kept as '' when blank. */
const blankable = (label: string, max: number) =>
  prepared(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z
      .string({ error: `${label}格式不正确` })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label), abort: true })
      .refine((v) => charLength(v) <= max, { error: `${label}不能超过 ${max} 个字` }),
  ).register(fieldBounds, { maxLength: max });

/** A link on the site: a path of this site or an http(s) address (never javascript:, data: or //host). */
const linkField = (label: string, required: boolean) =>
  prepared(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z
      .string({ error: `${label}格式不正确` })
      .refine((v) => !required || v !== '', { error: `请输入${label}`, abort: true })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label), abort: true })
      .refine((v) => charLength(v) <= 300, { error: `${label}不能超过 300 个字`, abort: true })
      .refine((v) => v === '' || SITE_LINK_PATTERN.test(v), { error: homePageMessages.link }),
  ).register(fieldBounds, { maxLength: 300 });

const booleanField = (label: string) =>
  prepared(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: `${label}格式不正确` }),
  );

const pictureRef = (label: string, required: boolean) =>
  prepared(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    required
      ? z
          .string({ error: `请上传${label}` })
          .min(1, { error: `请上传${label}` })
          .pipe(z.uuid({ error: `${label}文件标识不正确` }))
      : z.union([z.literal(''), z.uuid({ error: `${label}文件标识不正确` })]),
  );

const sortOrderField = prepared(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: messages.intInRange('排序', 0, 9999) })
    .int({ error: messages.intInRange('排序', 0, 9999) })
    .min(0, { error: messages.intInRange('排序', 0, 9999) })
    .max(9999, { error: messages.intInRange('排序', 0, 9999) }),
).register(fieldBounds, { min: 0, max: 9999 });

/** An optional instant of the window: blank or null means none. */
const windowInstant = (label: string) =>
  prepared((v) => (v === null ? undefined : v), optionalInstant(label));

/** Everything a banner is saved with (create and whole-form update alike). */
export const bannerFields = {
  title: text('标题', 40),
  subtitle: blankable('副标题', 100),
  buttonText: blankable('按钮文字', 12),
  link: linkField('按钮链接', false),
  desktopFileUuid: pictureRef('电脑端图片', true),
  /** Blank: phones get the desktop picture. */
  mobileFileUuid: pictureRef('手机端图片', false),
  sortOrder: sortOrderField,
  enabled: booleanField('启用状态'),
  /** Blank: shown from now on. */
  startAt: windowInstant('开始时间'),
  /** Blank: shown until switched off. */
  endAt: windowInstant('结束时间'),
};

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  buttonText: z.string(),
  link: z.string(),
  desktopFileUuid: z.string(),
  mobileFileUuid: z.string(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** What the site does with it now: shown, waiting for its start, past its end, or switched off. */
  state: z.enum(['live', 'scheduled', 'ended', 'off']),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Banner = z.infer<typeof banner>;
export type BannerState = Banner['state'];

/** A banner's state at `now` (the site shows `live` ones only). */
export const bannerState = (
  b: { enabled: boolean; startAt: string | null; endAt: string | null },
  now: number,
): BannerState => {
  if (!b.enabled) return 'off';
  if (b.startAt !== null && Date.parse(b.startAt) > now) return 'scheduled';
  if (b.endAt !== null && Date.parse(b.endAt) <= now) return 'ended';
  return 'live';
};

/**
 * The next instant after `now` at which the set of live banners changes (a start or an end), or null:
 * a rendered home page may be kept until then at most.
 */
export const nextBannerChange = (
  banners: readonly { enabled: boolean; startAt: string | null; endAt: string | null }[],
  now: number,
): number | null => {
  let next: number | null = null;
  for (const b of banners) {
    if (!b.enabled) continue;
    for (const at of [b.startAt, b.endAt]) {
      if (at === null) continue;
      const t = Date.parse(at);
      if (t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
};

export const inquireBannerListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireBannerListAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '首页横幅列表（按排序、编号），附当前状态：展示中、未开始、已结束、已停用',
  input: siteScoped,
  item: banner,
  result: 'list',
});

export const createBannerAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createBannerAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary:
    '新建首页横幅：电脑端与手机端图片（已上传的图片，2 MB 以内）、标题、副标题、按钮文字与链接、排序、启用、可选的开始/结束时间；同一 requestKey 只建一条',
  input: siteScoped.extend({ ...bannerFields, requestKey: requestKeyField }),
  item: banner,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const updateBannerAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateBannerAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '修改首页横幅（整条提交，带加载时的版本号；版本过期 409）',
  input: siteScoped.extend({ ...bannerFields, bannerId: positiveInt('横幅编号'), version: versionField }),
  item: banner,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const deleteBannerAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteBannerAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '删除首页横幅',
  input: siteScoped.extend({ bannerId: positiveInt('横幅编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

/** A list of objects sent as a JSON array (or a JSON string of one, in a form body). */
const jsonList = <T extends z.ZodType>(label: string, item: T, max: number) =>
  listField(item, { label, max, error: homePageMessages.listFormat(label), commas: false });

export const homeSectionFields = z.object({
  key: z.enum(HOME_SECTION_KEYS, { error: messages.invalidChoice('首页栏目') }),
  /** Blank: the site's own title for the section. */
  title: blankable('栏目标题', 20),
  visible: booleanField('显示状态'),
});
export type HomeSection = z.output<typeof homeSectionFields>;

export const friendlyLinkFields = z.object({
  name: text('链接名称', 30),
  url: linkField('链接地址', true),
  enabled: booleanField('启用状态'),
});
export type FriendlyLink = z.output<typeof friendlyLinkFields>;

/** The layout record: sections in display order, the consult bar switch, friendly links in order. */
export const homeLayoutFields = z.object({
  sections: jsonList('首页栏目', homeSectionFields, HOME_SECTION_KEYS.length).refine(
    (list) =>
      list.length === HOME_SECTION_KEYS.length && new Set(list.map((s) => s.key)).size === list.length,
    { error: homePageMessages.sections },
  ),
  consultBar: booleanField('手机咨询栏'),
  friendlyLinks: jsonList('友情链接', friendlyLinkFields, FRIENDLY_LINKS_MAX),
});
export type HomeLayoutValues = z.output<typeof homeLayoutFields>;

/** The layout a site starts from: every section in the default order, the consult bar on, no links. */
export const DEFAULT_HOME_LAYOUT: HomeLayoutValues = {
  sections: HOME_SECTION_KEYS.map((key) => ({ key, title: '', visible: true })),
  consultBar: true,
  friendlyLinks: [],
};

export const homeLayoutRecord = z.object({
  sections: z.array(z.object({ key: z.enum(HOME_SECTION_KEYS), title: z.string(), visible: z.boolean() })),
  consultBar: z.boolean(),
  friendlyLinks: z.array(z.object({ name: z.string(), url: z.string(), enabled: z.boolean() })),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type HomeLayout = z.infer<typeof homeLayoutRecord>;

export const inquireHomeLayoutAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireHomeLayoutAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '首页布局：栏目顺序、显示与标题，页脚友情链接，手机端悬浮咨询栏开关',
  input: siteScoped,
  item: homeLayoutRecord,
  result: 'list',
});

export const updateHomeLayoutAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateHomeLayoutAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary:
    '保存首页布局（整份提交，sections 与 friendlyLinks 为 JSON 数组，带加载时的版本号；版本过期 409），记入操作日志',
  input: siteScoped.extend(homeLayoutFields.shape).extend({ version: versionField }),
  item: homeLayoutRecord,
  result: 'list',
  mutates: true,
  affectsSite: true,
});
