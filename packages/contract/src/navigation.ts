/**
 * 导航菜单 (store base, site admins only): the labels, order and visibility of the site's top menu (the
 * header on wide screens and the phone menu alike). The routes stay those of spec §2: every fixed entry is
 * always in the list (hidden rather than removed), and an entry may instead be an outside link (http/https,
 * opened in a new tab). One record per site, saved whole with the version it was loaded with.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { INT4_MAX } from './constants';
import {
  charLength,
  digitsToNumber,
  hasControlCharacters,
  preparedAs,
  readJsonText,
  siteScoped,
} from './fields';
import { messages } from './messages';
import { NAV_LINK, NAV_ROUTES, type NavItem } from './nav-routes';
import { WEB_URL_PATTERN } from './site-settings';

/** One entry as stored (a blank label on a fixed entry means its default). */
export const navItem = z.object({
  key: z.string(),
  label: z.string(),
  visible: z.boolean(),
  url: z.string(),
}) satisfies z.ZodType<NavItem>;

/** Outside links a menu may carry besides the fixed entries (a header has room for a few). */
export const NAV_LINKS_MAX = 6;
export const NAV_LABEL_MAX = 10;
export const NAV_URL_MAX = 500;

export const navMessages = {
  itemsInvalid: '导航菜单格式不正确，请刷新页面后重试',
  unknownKey: (key: string) => `导航菜单中没有“${key}”这一栏目`,
  duplicate: (label: string) => `“${label}”在导航菜单中出现了两次`,
  missing: (label: string) => `导航菜单缺少“${label}”：不想显示时请隐藏它，而不是删除`,
  linkLabel: '请输入外部链接的菜单名称',
  linkUrl: '外部链接须为 http:// 或 https:// 开头的网址',
  routeUrl: '固定栏目不能改地址，只能改名称、顺序和显示',
  labelTooLong: messages.tooLong('菜单名称', NAV_LABEL_MAX),
  urlTooLong: messages.tooLong('链接地址', NAV_URL_MAX),
  tooManyLinks: messages.tooMany('外部链接', NAV_LINKS_MAX),
} as const;

/** One entry as the console sends it; the checks that look at the whole list follow in `navItems`. */
const navItemInput = z.object(
  {
    key: z.string({ error: navMessages.itemsInvalid }).transform((v) => v.trim()),
    label: z
      .string({ error: navMessages.itemsInvalid })
      .transform((v) => v.trim())
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters('菜单名称') })
      .refine((v) => charLength(v) <= NAV_LABEL_MAX, { error: navMessages.labelTooLong }),
    visible: z.boolean({ error: navMessages.itemsInvalid }),
    url: z
      .string({ error: navMessages.itemsInvalid })
      .transform((v) => v.trim())
      .refine((v) => charLength(v) <= NAV_URL_MAX, { error: navMessages.urlTooLong }),
  },
  { error: navMessages.itemsInvalid },
);

/** The whole menu: a JSON array (form field `items`), every fixed entry exactly once, outside links checked. */
export const navItems = preparedAs<string | NavItem[]>()(
  readJsonText,
  z
    .array(navItemInput, { error: navMessages.itemsInvalid })
    .max(NAV_ROUTES.length + NAV_LINKS_MAX, { error: navMessages.tooManyLinks })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      let links = 0;
      items.forEach((item, i) => {
        const issue = (field: string, message: string) =>
          ctx.addIssue({ code: 'custom', path: [i, field], message });
        if (item.key === NAV_LINK) {
          links += 1;
          if (!item.label) issue('label', navMessages.linkLabel);
          if (!WEB_URL_PATTERN.test(item.url)) issue('url', navMessages.linkUrl);
          return;
        }
        const route = NAV_ROUTES.find((r) => r.key === item.key);
        if (!route) {
          issue('key', navMessages.unknownKey(item.key));
          return;
        }
        if (seen.has(item.key)) issue('key', navMessages.duplicate(route.label));
        seen.add(item.key);
        if (item.url) issue('url', navMessages.routeUrl);
      });
      if (links > NAV_LINKS_MAX)
        ctx.addIssue({ code: 'custom', path: [], message: navMessages.tooManyLinks });
      for (const route of NAV_ROUTES)
        if (!seen.has(route.key))
          ctx.addIssue({ code: 'custom', path: [], message: navMessages.missing(route.label) });
    }),
);

/** The version a form was loaded with: 0 while the menu has never been saved (its defaults are shown). */
export const loadedVersion = preparedAs<number | string>()(
  (v) => digitsToNumber(typeof v === 'string' ? v.trim() : v),
  z
    .number({ error: messages.required('版本号') })
    .int({ error: messages.required('版本号') })
    .min(0, { error: messages.required('版本号') })
    .max(INT4_MAX, { error: messages.numberTooLarge('版本号', INT4_MAX) }),
);

export const siteNavigation = z.object({
  items: z.array(navItem),
  /** 0 until the first save. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type SiteNavigation = z.infer<typeof siteNavigation>;

export const inquireNavigationAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireNavigationAdmin',
  auth: 'admin',
  scope: 'site',
  permission: 'settings.read',
  summary: '网站导航菜单：固定栏目的名称、顺序、显示，以及外部链接（未保存过时为默认菜单，版本号 0）',
  input: siteScoped,
  item: siteNavigation,
  result: 'list',
});

export const updateNavigationAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateNavigationAdmin',
  auth: 'admin',
  scope: 'site',
  permission: 'settings.write',
  summary:
    '保存导航菜单（items 为 JSON 数组，整份提交，带加载时的版本号；版本过期 409）：每个固定栏目须恰好出现一次，外部链接只能是 http/https 网址',
  input: siteScoped.extend({ items: navItems, version: loadedVersion }),
  item: siteNavigation,
  result: 'list',
  mutates: true,
  affectsSite: true,
});
