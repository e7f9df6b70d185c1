import { describe, expect, it } from 'vitest';
import type { BridgeEnv } from './bridge';
import { kindOf } from './file-kind';
import { openFilePreview, previewTarget, previewUrl } from './file-preview';
import { formatDate, formatYuan } from './format';
import { articlePath, href } from './href';
import { contentSecurityPolicy, rebaseAssets } from './html-policy';
import { COVER_SLOTS, fallbackSrc, webpSrcSet } from './images';
import { fieldErrors, validateLead } from './lead-form';
import { parseId, parsePage } from './params';

const UA = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  wechat:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0 MicroMessenger/7.0.20 WindowsWechat',
  ie: 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko',
  wrapper: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 YuexunApp/3.2 Mobile',
};
const file = { fileUuid: 'a1b2c3d4-0000-4000-8000-000000000001', fileName: '课表 2026.pdf' };

describe('openFilePreview picks the address per environment (spec §2)', () => {
  it('mobile wrapper: index.html with the query in the hash, opened through the wrapper', () => {
    const opened: string[] = [];
    const native = {
      openPage: (u: string) => opened.push(u),
      chooseImage: async () => [],
      recordAudio: async () => '',
      share: async () => {},
    };
    const env: BridgeEnv = { userAgent: UA.wrapper, native };
    expect(previewTarget(env)).toBe('wrapper');
    const url = openFilePreview(file, { env });
    expect(url).toBe(
      '/YX_FILE-PREVIEW_APP/index.html#?fileUuid=a1b2c3d4-0000-4000-8000-000000000001&fileName=%E8%AF%BE%E8%A1%A8+2026.pdf',
    );
    expect(opened).toEqual([url]);
  });

  it('phone browser and WeChat: /YX_FILE-PREVIEW_APP/ in the same window', () => {
    for (const userAgent of [UA.iphone, UA.wechat]) {
      const assigned: string[] = [];
      const url = openFilePreview(file, {
        env: { userAgent },
        assign: (u) => assigned.push(u),
        open: () => {},
      });
      expect(url.startsWith('/YX_FILE-PREVIEW_APP/index.html#?fileUuid=')).toBe(true);
      expect(assigned).toEqual([url]);
    }
  });

  it('old IE: the no-script fallback view.html with uuid and fn', () => {
    expect(previewUrl(file, { userAgent: UA.ie })).toBe(
      '/fileView/view.html?uuid=a1b2c3d4-0000-4000-8000-000000000001&fn=%E8%AF%BE%E8%A1%A8+2026.pdf',
    );
  });

  it('desktop: /file-preview/1.0/ in a new tab, under the base path', () => {
    const opened: string[] = [];
    const url = openFilePreview(file, {
      env: { userAgent: UA.desktop },
      basePath: '/portal/',
      open: (u) => opened.push(u),
    });
    expect(url).toBe(
      '/portal/file-preview/1.0/?fileUuid=a1b2c3d4-0000-4000-8000-000000000001&fileName=%E8%AF%BE%E8%A1%A8+2026.pdf',
    );
    expect(opened).toEqual([url]);
  });

  it('classifies files by their extension', () => {
    expect(['a.PNG', 'b.pdf', 'c.txt', 'd.mp3', 'e.mp4', 'f.docx', 'noext'].map(kindOf)).toEqual([
      'image',
      'pdf',
      'text',
      'audio',
      'video',
      'other',
      'other',
    ]);
  });
});

describe('formatting', () => {
  it('shows fen as yuan', () => {
    expect(formatYuan(1_980_000)).toBe('¥19,800.00');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(12_345)).toBe('¥123.45');
  });
  it('shows instants as the Shanghai date', () => {
    expect(formatDate('2026-06-29T16:30:00Z')).toBe('2026-06-30');
    expect(formatDate('2026-06-29T15:59:00Z')).toBe('2026-06-29');
  });
});

describe('responsive pictures', () => {
  it('offers WebP copies in the widths of the slot, each named by its width', () => {
    const set = webpSrcSet('a1b2c3d4-0000-4000-8000-000000000001', 'list');
    expect(set.split(', ')).toEqual([
      '/fs/api/v1.0/viewPic.file?fileUuid=a1b2c3d4-0000-4000-8000-000000000001&w=160&fmt=webp 160w',
      '/fs/api/v1.0/viewPic.file?fileUuid=a1b2c3d4-0000-4000-8000-000000000001&w=320&fmt=webp 320w',
      '/fs/api/v1.0/viewPic.file?fileUuid=a1b2c3d4-0000-4000-8000-000000000001&w=480&fmt=webp 480w',
    ]);
    expect(fallbackSrc('x')).toBe('/fs/api/v1.0/viewPic.file?fileUuid=x&w=640');
  });
  it('never offers less than twice the widest place a slot is shown in on a phone', () => {
    /** How wide a `sizes` entry is on a 375 px phone: 150px, 100vw or calc(100vw - 32px). */
    const onPhone = (size: string) => {
      const calc = /^calc\(100vw - (\d+)px\)$/.exec(size);
      if (calc) return 375 - Number(calc[1]);
      if (size.endsWith('vw')) return (375 * Number(size.slice(0, -2))) / 100;
      return Number(size.replace(/px$/, ''));
    };
    for (const slot of Object.values(COVER_SLOTS)) {
      const needed = onPhone(slot.sizes.split(', ').at(-1) ?? '') * 2;
      expect(needed).toBeGreaterThan(0);
      expect(Math.max(...slot.widths)).toBeGreaterThanOrEqual(Math.min(needed, 800));
    }
  });
});

describe('parameters typed by visitors', () => {
  it('accepts only plain positive integers as ids', () => {
    expect(['1', '1881', 'abc', '-1', '0', '1.5', '01', '1e3', '99999999999', '', null].map(parseId)).toEqual(
      [1, 1881, null, null, null, null, null, null, null, null, null],
    );
  });
  it('treats a missing page number as page 1 and refuses the rest', () => {
    expect([null, '', '2', '0', 'x', '<b>'].map(parsePage)).toEqual([1, 1, 2, null, null, null]);
  });
});

describe('links and pages under a base path', () => {
  it('builds every link through href', () => {
    expect(href('/', '/news/1881')).toBe('/news/1881');
    expect(href('/portal/', '/news/1881?page=2')).toBe('/portal/news/1881?page=2');
    expect(articlePath('case', 7)).toBe('/demonstrationCase/detail/7');
    expect(articlePath('solution', 7)).toBe('/solution/produceService/detail/7');
    expect(articlePath('profile', 7)).toBe('/detail/7');
  });
  it('moves asset addresses under the base path', () => {
    const html =
      '<script type="module" src="/_astro/a.js"></script><astro-island component-url="/_astro/b.js">';
    expect(rebaseAssets(html, '/portal/')).toBe(
      '<script type="module" src="/portal/_astro/a.js"></script><astro-island component-url="/portal/_astro/b.js">',
    );
    expect(rebaseAssets(html, '/')).toBe(html);
  });
  it('allows exactly the inline scripts of the page', () => {
    const csp = contentSecurityPolicy(
      '<script>a()</script><script src="/x.js"></script><script type="module">b()</script>',
    );
    const hashes = csp.match(/'sha256-[^']+'/g) ?? [];
    expect(hashes).toHaveLength(2);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('lead form validation (contract schema)', () => {
  it('gives a Chinese message per field', () => {
    const result = validateLead('sales', { phone: '123' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.phone).toBe('不合法的手机号');
    expect(result.errors.contactName).toContain('联系人姓名');
    expect(result.errors.schoolType).toBeTruthy();
  });
  it('asks an agent application for its own fields, not a school', () => {
    const result = validateLead('agent', { phone: '13800138000', contactName: '马经理' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      'businessScope',
      'companyName',
      'privacyConsent',
      'region',
      'teamSize',
    ]);
    expect(result.errors.teamSize).toBe('请选择团队规模');
    expect(result.errors.privacyConsent).toBe('请阅读并同意《隐私政策》后提交');
    expect(result.errors.companyName).toBe('请输入公司名称');
  });
  it('accepts a complete agent application, tagged with its kind', () => {
    const result = validateLead('agent', {
      companyName: '西安智联教育科技有限公司',
      contactName: '马经理',
      phone: '13800138000',
      region: '陕西省',
      businessScope: '教育信息化系统集成',
      teamSize: '10-49',
      privacyConsent: 'on',
    });
    expect(result.ok && result.data).toMatchObject({ kind: 'agent', teamSize: '10-49' });
  });
  it('accepts a complete lead', () => {
    const result = validateLead('sales', {
      contactName: '王老师',
      phone: '13800138000',
      schoolName: '杭州市文三路小学',
      region: '浙江省杭州市',
      schoolType: 'primary',
      role: '校长',
      privacyConsent: 'on',
    });
    expect(result.ok).toBe(true);
  });
  it('keeps the first message of each field', () => {
    expect(
      fieldErrors([
        { path: ['phone'], message: 'a' },
        { path: ['phone'], message: 'b' },
        { path: [], message: 'c' },
      ]),
    ).toEqual({ phone: 'a', form: 'c' });
  });
});
