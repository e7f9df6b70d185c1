/** The header's current user, the plugin list, operation codes and the switch-unit menu, on every session path. */
import {
  inquireCurrentAccountEmployeeInfoAccount,
  inquireOperationCodeListByProductAccount,
  inquireProductUsableListAccount,
  inquireTenantListAccount,
  switchTenantAccount,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, SESSION_PATHS, schoolSessionOf, sessionOf } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

describe.each(drivers)('account actions on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    server = await startServer(driver);
    // Admin of 悦讯实验学校 too: these tests read that school's products and codes.
    admin = await schoolSessionOf(server, 'admin');
    user = await sessionOf(server, 'user');
  });
  afterAll(() => server.close());

  describe.each(SESSION_PATHS)('with the session as %s', (path) => {
    it('inquireCurrentAccountEmployeeInfoAccount: name, access, school and a masked phone', async () => {
      const { body } = await callAs(server, inquireCurrentAccountEmployeeInfoAccount, user, {}, path);
      expect(body).toMatchObject({ success: true, status: 200 });
      expect(body.datas[0]).toEqual({
        name: '李晓梅',
        photoId: null,
        access: 'user',
        accountId: expect.any(Number),
        accountName: 'user',
        employeeId: expect.any(Number),
        tenantId: expect.any(Number),
        tenantName: '悦讯实验学校',
        phone: '138****0002',
        // A member of the vendor too (docs/decisions/021), at its ordinary level.
        siteAccess: 'user',
        roleName: '教职工',
        tenantKind: 'school',
      });
      const asAdmin = await callAs(server, inquireCurrentAccountEmployeeInfoAccount, admin, {}, path);
      expect(asAdmin.body.datas[0]).toMatchObject({ access: 'admin', name: '王建国', siteAccess: 'admin' });
    });

    it('inquireProductUsableListAccount: the school products with appKey, name, icon and entry URL', async () => {
      const { body } = await callAs(server, inquireProductUsableListAccount, user, {}, path);
      expect(body.success).toBe(true);
      expect(body.datas.length).toBeGreaterThanOrEqual(6);
      expect(body.datas.map((p: { appKey: string }) => p.appKey)).toContain('yx-smart-class');
      for (const p of body.datas) {
        expect(p).toEqual({
          productId: expect.any(Number),
          appKey: expect.stringMatching(/^yx-[a-z-]+$/),
          name: expect.any(String),
          iconFileUuid: expect.any(String),
          entryUrl: expect.stringMatching(/^\/apps\//),
        });
      }
    });

    it('inquireOperationCodeListByProductAccount: by appKey or productId, admin-only codes for admins only', async () => {
      const forUser = await callAs(
        server,
        inquireOperationCodeListByProductAccount,
        user,
        { appKey: 'yx-smart-class' },
        path,
      );
      const codes = forUser.body.datas.map((c: { code: string }) => c.code);
      expect(codes).toEqual(['class:view', 'class:edit', 'class:report']);
      expect(forUser.body.datas[0]).toEqual({
        code: 'class:view',
        name: '查看课堂',
        productId: expect.any(Number),
      });
      const productId = forUser.body.datas[0].productId;
      const forAdmin = await callAs(
        server,
        inquireOperationCodeListByProductAccount,
        admin,
        { productId },
        path,
      );
      expect(forAdmin.body.datas.map((c: { code: string }) => c.code)).toEqual([...codes, 'class:manage']);
    });

    it('inquireTenantListAccount: the schools the account works in, the current one marked', async () => {
      const { body } = await callAs(server, inquireTenantListAccount, admin, {}, path);
      expect(body.datas).toHaveLength(3);
      expect(body.datas.map((t: { tenantName: string }) => t.tenantName)).toEqual([
        '悦讯实验学校',
        '青溪区第二实验小学',
        // The vendor that owns the site, where admin manages its colleagues.
        '悦讯科技',
      ]);
      expect(body.datas.filter((t: { current: boolean }) => t.current)).toHaveLength(1);
    });
  });

  it('answers 400 without appKey or productId, and 404 for a product the school has not opened', async () => {
    const none = await callAs(server, inquireOperationCodeListByProductAccount, user, {});
    expect(none.body).toMatchObject({ success: false, errorCode: 400 });
    expect(none.body.errorMessage).toMatch(/appKey.*productId/);
    const unknown = await callAs(server, inquireOperationCodeListByProductAccount, user, {
      appKey: 'yx-nothing',
    });
    expect(unknown.body).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: '产品不存在或本单位未开通',
    });
  });

  it('opens the vendor for its staff who work there, a school for a vendor member without permissions', async () => {
    const vendorAdmin = await callAs(
      server,
      inquireCurrentAccountEmployeeInfoAccount,
      await sessionOf(server, 'admin'),
    );
    expect(vendorAdmin.body.datas[0]).toMatchObject({
      tenantName: '悦讯科技',
      tenantKind: 'vendor',
      roleName: '管理员',
      access: 'admin',
    });
    // 李晓梅 is a 成员 without permissions at the vendor and 教职工 of 悦讯实验学校: she starts at her school.
    const member = await callAs(server, inquireCurrentAccountEmployeeInfoAccount, user);
    expect(member.body.datas[0]).toMatchObject({ tenantName: '悦讯实验学校', tenantKind: 'school' });
  });

  it.each(SESSION_PATHS)(
    'switchTenantAccount (%s) moves the session to another school of the account',
    async (path) => {
      const sid = await schoolSessionOf(server, 'admin');
      const tenants = (await callAs(server, inquireTenantListAccount, sid, {}, path)).body.datas;
      const other = tenants.find((t: { current: boolean }) => !t.current);
      const switched = await callAs(server, switchTenantAccount, sid, { tenantId: other.tenantId }, path);
      expect(switched.body).toMatchObject({ success: true });
      expect(switched.body.datas[0]).toMatchObject({
        tenantId: other.tenantId,
        tenantName: '青溪区第二实验小学',
      });
      const after = await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid, {}, path);
      expect(after.body.datas[0].tenantName).toBe('青溪区第二实验小学');
      // The second school has fewer products: the plugin list follows the switch.
      const products = await callAs(server, inquireProductUsableListAccount, sid, {}, path);
      expect(products.body.datas.map((p: { appKey: string }) => p.appKey)).not.toContain('yx-safety');
      const list = await callAs(server, inquireTenantListAccount, sid, {}, path);
      expect(list.body.datas.find((t: { current: boolean }) => t.current).tenantId).toBe(other.tenantId);
    },
  );

  it('refuses to switch to a school the account does not work in (403), keeping the session as it was', async () => {
    const sid = await sessionOf(server, 'user');
    const schools = await server.post('/store/api/v1.0/inquireSchoolListPublic.json', { siteId: 75 });
    const foreign = schools.body.datas.find((s: { name: string }) => s.name === '青溪区第二实验小学');
    const before = await dataFingerprint(server.app);
    for (const tenantId of [foreign.tenantId, 999_999]) {
      const { body } = await callAs(server, switchTenantAccount, sid, { tenantId });
      expect(body).toMatchObject({
        success: false,
        errorCode: 403,
        errorMessage: '您不是该单位的员工，无法切换',
      });
    }
    const bad = await callAs(server, switchTenantAccount, sid, { tenantId: 'abc' });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400 });
    expect(bad.body.errorMessage).toMatch(/单位编号必须是正整数/);
    expect(await dataFingerprint(server.app)).toEqual(before);
    const me = await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid);
    expect(me.body.datas[0].tenantName).toBe('悦讯实验学校');
  });

  it('app.accounts serves the site header: currentUser and tenantOptions from the cookie or x-sid (logout: the logout action uses it)', async () => {
    const sid = await sessionOf(server, 'admin');
    // The site calls these with its own request objects: only headers, cookies and body are read.
    const fake = (headers: Record<string, string>) => ({ headers, cookies: {}, body: undefined }) as never;
    const withCookie = { headers: {}, cookies: { yx_sid: sid }, body: undefined } as never;
    expect(await server.app.accounts.currentUser(withCookie)).toMatchObject({ accountName: 'admin' });
    expect(await server.app.accounts.tenantOptions(withCookie)).toHaveLength(3);
    expect(await server.app.accounts.currentUser(fake({}))).toBeNull();
    expect(await server.app.accounts.tenantOptions(fake({ 'x-sid': 'nope' }))).toEqual([]);
  });
});
