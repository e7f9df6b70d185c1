import {
  fileUrls,
  inquireAuditLogListAdmin,
  inquireSiteSettingsAdmin,
  inquireSiteSettingsRevisionListAdmin,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { noisePng, pngImage } from '../../test/media';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

const ICP = '浙ICP备12345678号-1';

describe.each(drivers)('site settings on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver, { icpNumber: ICP });
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const current = async () => only(await s.asAdmin(inquireSiteSettingsAdmin));
  const save = async (changes: Record<string, unknown>) => {
    const { updatedAt: _u, ...settings } = await current();
    return s.asAdmin(updateSiteSettingsAdmin, { ...settings, ...changes });
  };
  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('visibility', 'public');
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${server.url}${fileUrls.upload}`, {
      method: 'POST',
      body: form,
      headers: cookieHeader(s.adminSid),
    });
    const body = (await res.json()) as { datas: { fileUuid: string }[] };
    return body.datas[0]?.fileUuid ?? '';
  };

  it('starts from the demo values with the ICP number of the environment', async () => {
    expect(await current()).toMatchObject({
      companyName: '杭州悦讯科技有限公司',
      hotline: '400-826-7588',
      icpNumber: ICP,
      policeNumber: '',
      version: 1,
    });
  });

  it('one save changes the footer, 联系我们 and 服务支持 at once, with a revision and an audit line', async () => {
    const saved = only(
      await save({
        hotline: '400-900-1234',
        address: '江苏省南京市鼓楼区北京西路 8 号',
        icpNumber: '苏ICP备20260001号-2',
        policeNumber: '苏公网安备32010602000123号',
      }),
    );
    expect(saved).toMatchObject({ hotline: '400-900-1234', version: 2 });
    for (const path of ['/home', '/companyProfile/4', '/service']) {
      const html = await page(path);
      expect(html, path).toContain('400-900-1234');
      expect(html, path).toContain('江苏省南京市鼓楼区北京西路 8 号');
      expect(html, path).not.toContain('400-826-7588');
      expect(html, path).not.toContain('400-800-7575');
      expect(html, path).toContain('href="https://beian.miit.gov.cn/"');
      expect(html, path).toContain('苏ICP备20260001号-2');
      expect(html, path).toContain('href="https://beian.mps.gov.cn/#/query/webSearch?code=32010602000123"');
    }
    const revisions = await s.asAdmin(inquireSiteSettingsRevisionListAdmin, { pageIndex: 1, pageSize: 10 });
    expect(revisions.body.datas.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    expect(revisions.body.datas[0].values.hotline).toBe('400-900-1234');
    expect(revisions.body.datas[1].values.hotline).toBe('400-826-7588');
    const audit = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'site_settings' });
    expect(audit.body.datas[0].detail.changes.hotline).toEqual(['400-826-7588', '400-900-1234']);
  });

  it('refuses a save from a stale form with 409 and keeps the newer value', async () => {
    const { updatedAt: _u, ...loaded } = await current();
    only(await s.asAdmin(updateSiteSettingsAdmin, { ...loaded, businessHours: '周一至周六 8:30–17:30' }));
    const stale = await s.asAdmin(updateSiteSettingsAdmin, { ...loaded, businessHours: '全天' });
    expect(stale.body).toMatchObject({ success: false, status: 409 });
    expect((await current()).businessHours).toBe('周一至周六 8:30–17:30');
  });

  it.each([
    ['hotline', 'abc-kefu', '服务热线格式不正确'],
    ['servicePhone', '0571 8888 8888 转 分机', '售后电话格式不正确'],
    ['email', 'service@', '邮箱格式不正确'],
    ['baiduSite', 'javascript:alert(1)', '百度推送站点须为 http:// 或 https:// 开头的网址'],
    ['icpNumber', 'ICP12345', 'ICP 备案号格式不正确'],
    ['policeNumber', '公安备案 123', '公安备案号格式不正确'],
    ['companyName', '  ', '请输入公司名称'],
  ])('refuses %s = %j with a Chinese field message and saves nothing', async (field, value, message) => {
    const before = await dataFingerprint(server.app);
    const res = await save({ [field]: value });
    expect(res.body).toMatchObject({ success: false, status: 400 });
    const error = res.body.errors.find((e: { field: string }) => e.field === field);
    expect(error.message).toContain(message);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('takes uploaded pictures as the logos: the light one in the header, the dark one on the dark footer', async () => {
    const logo = await upload(pngImage(64, 32), 'logo.png');
    const dark = await upload(pngImage(64, 32), 'logo-dark.png');
    const src = (uuid: string) => fileUrls.viewPic(uuid, { width: 320 }).replace(/&/g, '&amp;');
    expect(await page('/home')).not.toContain('class="footer-logo"');
    only(await save({ logoLightFileUuid: logo, logoDarkFileUuid: dark }));
    const html = await page('/home');
    expect(html).toContain(`class="brand-logo" src="${src(logo)}"`);
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain(`class="footer-logo" src="${src(dark)}" alt="悦讯智慧校园"`);
    expect(footer).not.toContain(src(logo));
  });

  it('refuses a logo that is not a picture, or too large, with 400 and the reason', async () => {
    const text = await upload(Buffer.from('not a picture at all\n'), 'logo.png');
    const notImage = await save({ logoDarkFileUuid: text });
    expect(notImage.body).toMatchObject({ success: false, status: 400 });
    expect(notImage.body.errors[0]).toMatchObject({ field: 'logoDarkFileUuid' });
    expect(notImage.body.errorMessage).toContain('不是图片');

    const large = await upload(noisePng(1000, 800), 'big.png');
    const tooLarge = await save({ wechatQrFileUuid: large });
    expect(tooLarge.body).toMatchObject({ success: false, status: 400 });
    expect(tooLarge.body.errors[0]).toMatchObject({ field: 'wechatQrFileUuid' });
    expect(tooLarge.body.errorMessage).toContain('图片不能超过 2.0 MB');
  });

  it('is for the vendor admins only', async () => {
    const res = await s.asUser(inquireSiteSettingsAdmin);
    expect(res.body).toMatchObject({ success: false, status: 403 });
  });
});
