/**
 * Tenant isolation: a school's admin sees and decides only the registrations of the school in the
 * session, whatever the request says.
 */
import {
  actionPath,
  confirmRegisterEmployeeTenant,
  inquireOperationCodeListByProductAccount,
  inquireProductUsableListAccount,
  inquireRegisterEmployeeListTenant,
  inquireSchoolListPublic,
  SITE_ID,
  switchTenantAccount,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { account, employee, tenant } from '../db/schema';
import { hashPassword } from '../shared/auth/password';

const MOBILE_LOGIN = actionPath({ base: 'store', version: 'v1.0', name: 'loginAccount' });

describe.each(drivers)('teacher registrations on %s', (driver) => {
  let server: TestServer;
  let schools: { tenantId: number; name: string; region: string }[];
  const schoolId = (name: string) => schools.find((s) => s.name === name)?.tenantId as number;
  beforeAll(async () => {
    server = await startServer(driver);
    schools = (await server.post(actionPath(inquireSchoolListPublic), { siteId: SITE_ID })).body.datas;
  });
  afterAll(() => server.close());

  describe('tenant isolation: the admin of school A against school B', () => {
    let adminA: string;
    let bPending: number;
    beforeAll(async () => {
      // A's admin works only in 明德初级中学; B is 青溪区第二实验小学 with its own registrations.
      const [row] = await server.app.db
        .insert(account)
        .values({
          username: 'admin-a',
          name: '赵校长',
          phone: freshPhone(),
          passwordHash: await hashPassword('admin-a-Passw0rd'),
        })
        .returning({ id: account.id });
      await server.app.db.insert(employee).values({
        tenantId: schoolId('明德初级中学'),
        accountId: row?.id,
        name: '赵校长',
        phone: freshPhone(),
        access: 'admin',
        registerStatus: 'confirmed',
      });
      const { body } = await server.post(MOBILE_LOGIN, {
        siteId: SITE_ID,
        loginType: 'account',
        username: 'admin-a',
        password: 'admin-a-Passw0rd',
      });
      adminA = body.datas[0].sid;
      const [b] = await server.app.db
        .select({ id: employee.id })
        .from(employee)
        .innerJoin(tenant, eq(tenant.id, employee.tenantId))
        .where(eq(tenant.name, '青溪区第二实验小学'));
      bPending = b?.id as number;
    });

    it('lists only A: B registrations never appear, whatever tenantId the request names', async () => {
      const { body } = await callAs(server, inquireRegisterEmployeeListTenant, adminA, {
        tenantId: schoolId('青溪区第二实验小学'),
        pageSize: 100,
      });
      expect(body.success).toBe(true);
      const names = body.datas.map((r: { name: string }) => r.name);
      for (const bName of ['孙婉清', '周子豪', '吴佳怡', '郑文博']) expect(names).not.toContain(bName);
    });

    it('cannot confirm or reject a B registration (404), nothing changes', async () => {
      const before = await dataFingerprint(server.app);
      for (const decision of [
        { decision: 'confirm' },
        { decision: 'reject', reason: '越权' },
        { decision: 'confirm', tenantId: schoolId('青溪区第二实验小学') },
      ]) {
        const { body } = await callAs(server, confirmRegisterEmployeeTenant, adminA, {
          employeeId: bPending,
          ...decision,
        });
        expect(body).toMatchObject({ success: false, errorCode: 404, errorMessage: '注册申请不存在' });
      }
      expect(await dataFingerprint(server.app)).toEqual(before);
    });

    it('cannot switch into B (403), nor use B-only products (404)', async () => {
      const before = await dataFingerprint(server.app);
      const switched = await callAs(server, switchTenantAccount, adminA, {
        tenantId: schoolId('青溪区第二实验小学'),
      });
      expect(switched.body).toMatchObject({ success: false, errorCode: 403 });
      // 家校通 is opened by B (and the demo school), not by A.
      const codes = await callAs(server, inquireOperationCodeListByProductAccount, adminA, {
        appKey: 'yx-home-school',
      });
      expect(codes.body).toMatchObject({ success: false, errorCode: 404 });
      const products = await callAs(server, inquireProductUsableListAccount, adminA);
      expect(products.body.datas.map((p: { appKey: string }) => p.appKey)).not.toContain('yx-home-school');
      expect(await dataFingerprint(server.app)).toEqual(before);
    });
  });
});
