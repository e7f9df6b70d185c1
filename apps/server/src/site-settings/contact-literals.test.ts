/**
 * 站点设置 is the one source of the vendor's contacts (issue 15 item 1, decision 019): no phone number,
 * e-mail address or street address is written into the site's page code or locale file, and none into
 * the demo articles, products, banners or categories seeded for a new site — they point to 联系我们,
 * whose contact card and the footer read the settings. A literal added later fails here, naming its file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { caseArticles } from '../seed/content/cases';
import { categories } from '../seed/content/categories';
import { demoBanners, demoHomeLayout } from '../seed/content/home-page';
import { newsArticles } from '../seed/content/news';
import { products } from '../seed/content/products';
import { sectionArticles } from '../seed/content/sections';

const CONTACT_PATTERNS: [string, RegExp][] = [
  ['a 400/800 number', /(?<![\d.])[48]00[-\s]?\d{3}[-\s]?\d{4}(?!\d)/],
  ['a fixed-line number', /(?<!\d)0\d{2,3}[-\s]\d{7,8}(?!\d)/],
  ['a mobile number', /(?<![\d.])1[3-9]\d{9}(?!\d)/],
  ['an e-mail address', /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i],
  ['a street address', /[路街道巷弄]\s*\d+\s*号/],
];

const contactsIn = (text: string) =>
  CONTACT_PATTERNS.flatMap(([kind, pattern]) => {
    const found = text.match(pattern);
    return found ? [`${kind}: ${found[0]}`] : [];
  });

const siteSource = fileURLToPath(new URL('../../../site/src/', import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });

describe('contacts come from 站点设置 only', () => {
  it('finds a contact the way a reader would (the check itself)', () => {
    expect(contactsIn('服务热线：400-800-7575')).toEqual(['a 400/800 number: 400-800-7575']);
    expect(contactsIn('电话 0571-88886666')).toEqual(['a fixed-line number: 0571-88886666']);
    expect(contactsIn('手机13800138000')).toEqual(['a mobile number: 13800138000']);
    expect(contactsIn('来信请寄 service@yuexun.example.cn')).toEqual([
      'an e-mail address: service@yuexun.example.cn',
    ]);
    expect(contactsIn('滨江区悦江路188号')).toEqual(['a street address: 路188号']);
    expect(contactsIn('请第一时间拨打110报警；可用性不低于99.9%；2026-03-18 发布')).toEqual([]);
  });

  it("leaves none in the site's page code and locale file", () => {
    const files = sourceFiles(siteSource);
    expect(files.some((f) => f.endsWith(join('locales', 'zh-CN.ts')))).toBe(true);
    expect(files.some((f) => f.endsWith('SiteFooter.tsx'))).toBe(true);
    const found = files.flatMap((file) =>
      contactsIn(readFileSync(file, 'utf8')).map((c) => `${relative(siteSource, file)}: ${c}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['section pages (联系我们, 服务支持, …)', sectionArticles],
    ['news', newsArticles],
    ['cases', caseArticles],
    ['products', products],
    ['banners', demoBanners()],
    ['home layout and friendly links', [demoHomeLayout]],
    ['categories', categories],
  ])('seeds %s without a phone number, e-mail or address of their own', (_name, items) => {
    expect(items.length).toBeGreaterThan(0);
    const found = (items as object[]).flatMap((item) => {
      const text = JSON.stringify(item);
      const title = (item as { title?: string; name?: string }).title ?? (item as { name?: string }).name;
      return contactsIn(text).map((c) => `${title ?? text.slice(0, 40)}: ${c}`);
    });
    expect(found).toEqual([]);
  });
});
