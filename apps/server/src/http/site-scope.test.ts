/**
 * Site staff vs school staff (docs/decisions/021): every action the contract declares with scope `site`
 * (content, products, categories, tags, leads, files, site settings, statistics, audit) answers 403 to a
 * school's admin, and so do the CSV exports; the site's rights come from the vendor membership alone.
 * The list is generated from the contract, so a new site action is covered without touching this file.
 */
import {
  type ActionDef,
  actionPath,
  actions,
  inquireArticleListAdmin,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireSchoolListPublic,
  leadCsvExport,
  messages,
  SITE_ID,
  statsCsvExport,
} from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, cookieHeader, schoolSessionOf, sessionOf } from '../../test/accounts';
import { uploadPng } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { employee, file, tenant } from '../db/schema';

const siteActions: ActionDef[] = Object.values(actions).filter((def: ActionDef) => def.scope === 'site');

describe.each(drivers)('site actions are for the vendor only, on %s', (driver) => {
  let server: TestServer;
  let school: string;
  beforeAll(async () => {
    server = await startServer(driver);
    school = await sessionOf(server, 'qingxi');
  });
  afterAll(() => server.close());

  it('covers articles, products, categories, tags, leads, files, site settings, statistics and the audit log', () => {
    const names = siteActions.map((def) => def.name).join(' ');
    for (const part of [
      'Article',
      'Product',
      'Category',
      'Tag',
      'Lead',
      'File',
      'SiteSettings',
      'Stats',
      'Audit',
    ])
      expect(names).toContain(part);
  });

  it("answers 403 to a school's admin for every site action and both CSV exports, changing nothing", async () => {
    const before = await dataFingerprint(server.app);
    const answers: Record<string, unknown> = {};
    for (const def of siteActions) {
      // Authorisation comes before validation: no valid body is needed to be refused.
      const { status, body } = await callAs(server, def, school, {});
      answers[def.name] = { status, code: body.errorCode, success: body.success, datas: body.datas };
    }
    const expected = Object.fromEntries(
      siteActions.map((def) => [def.name, { status: 200, code: 403, success: false, datas: undefined }]),
    );
    expect(answers).toEqual(expected);

    for (const path of [leadCsvExport.path, `${statsCsvExport.path}?table=pages&range=7d`]) {
      const res = await fetch(`${server.url}${path}`, { headers: cookieHeader(school) });
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({
        success: false,
        errorCode: 403,
        errorMessage: messages.notSiteStaff,
      });
    }
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it("publishes pictures for the site only as the vendor's admin: a school admin's upload stays private", async () => {
    const visibilityOf = async (uuid: string) =>
      (
        await server.app.db
          .select({ visibility: file.visibility, owner: tenant.name })
          .from(file)
          .innerJoin(tenant, eq(tenant.id, file.tenantId))
          .where(eq(file.uuid, uuid))
      )[0];
    const mine = await uploadPng(server, school, '学校封面.png');
    expect(await visibilityOf(mine.fileUuid)).toEqual({ visibility: 'private', owner: '青溪区第二实验小学' });
    const site = await uploadPng(server, await sessionOf(server, 'admin'), '官网封面.png');
    expect(await visibilityOf(site.fileUuid)).toEqual({ visibility: 'public', owner: '悦讯科技' });
  });

  it('tells the console who is site staff, and keeps the vendor out of the schools teachers register with', async () => {
    const whoAmI = async (sid: string) =>
      (await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid)).body.datas[0];
    expect(await whoAmI(school)).toMatchObject({ access: 'admin', siteAccess: null });
    expect(await whoAmI(await sessionOf(server, 'user'))).toMatchObject({ siteAccess: 'user' });
    // admin, the vendor's admin, opens at the vendor (and is a demo school's admin too, a switch away).
    expect(await whoAmI(await sessionOf(server, 'admin'))).toMatchObject({
      tenantName: '悦讯科技',
      access: 'admin',
      siteAccess: 'admin',
    });
    expect(await whoAmI(await schoolSessionOf(server, 'admin'))).toMatchObject({
      tenantName: '悦讯实验学校',
      access: 'admin',
      siteAccess: 'admin',
    });
    const schools = await server.post(actionPath(inquireSchoolListPublic), { siteId: SITE_ID });
    expect(schools.body.datas.map((s: { name: string }) => s.name)).not.toContain('悦讯科技');
  });

  it('takes site rights from the vendor membership alone: disabled there, a school admin role does not help', async () => {
    const admin = await schoolSessionOf(server, 'admin');
    expect((await callAs(server, inquireArticleListAdmin, admin)).body.success).toBe(true);
    // The vendor's ordinary member is staff, but the content actions need its admins.
    const user = await sessionOf(server, 'user');
    expect((await callAs(server, inquireArticleListAdmin, user)).body).toMatchObject({ errorCode: 403 });

    const [vendor] = await server.app.db
      .select({ id: tenant.id })
      .from(tenant)
      .where(eq(tenant.kind, 'vendor'));
    const membership = and(eq(employee.tenantId, vendor?.id as number), eq(employee.phone, '13800000001'));
    await server.app.db.update(employee).set({ status: 'disabled' }).where(membership);
    try {
      expect((await callAs(server, inquireArticleListAdmin, admin)).body).toMatchObject({ errorCode: 403 });
      expect(
        (await callAs(server, inquireCurrentAccountEmployeeInfoAccount, admin)).body.datas[0],
      ).toMatchObject({ access: 'admin', siteAccess: null });
    } finally {
      await server.app.db.update(employee).set({ status: 'active' }).where(membership);
    }
  });
});
