import {
  actionPath,
  createAgentApplicationSALEPPublic,
  createCustomerIntentionSALEPPublic,
  inquireAuditLogListAdmin,
  inquireLeadListAdmin,
  leadCsvExport,
  SITE_ID,
  updateLeadAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { account } from '../db/schema';

describe.each(drivers)('lead management on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver, { leadLimitPerHour: 1000 });
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const submit = async (overrides: Record<string, unknown> = {}) => {
    const phone = freshPhone();
    const { body } = await server.post(actionPath(createCustomerIntentionSALEPPublic), {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '李老师',
      phone,
      schoolName: '西湖区实验小学',
      region: '浙江省杭州市',
      schoolType: 'primary',
      role: '校长',
      message: '想了解电子班牌',
      ...overrides,
    });
    return { id: body.data.id as number, phone };
  };

  const apply = async (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const phone = freshPhone();
    const { body } = await server.post(
      actionPath(createAgentApplicationSALEPPublic),
      {
        siteId: SITE_ID,
        privacyConsent: 'on',
        companyName: '筛选测试科技有限公司',
        contactName: '马经理',
        phone,
        region: '陕西省',
        businessScope: '系统集成',
        teamSize: '1-9',
        ...overrides,
      },
      { headers },
    );
    return { id: body.data.id as number, phone };
  };
  const ids = (res: { body: { datas: { id: number }[] } }) => res.body.datas.map((l) => l.id);

  const exportCsv = async (query: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${leadCsvExport.path}?${new URLSearchParams(query)}`, {
      headers: { cookie: `yx_sid=${s.adminSid}` },
    });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('finds leads by part of the phone or the school name, newest first', async () => {
    const a = await submit({ schoolName: '搜索测试第一中学' });
    const b = await submit({ schoolName: '搜索测试第二中学' });
    const bySchool = await s.asAdmin(inquireLeadListAdmin, { keyword: '搜索测试' });
    expect(bySchool.body.datas.map((l: { id: number }) => l.id)).toEqual([b.id, a.id]);
    const byPhone = await s.asAdmin(inquireLeadListAdmin, { keyword: a.phone.slice(3) });
    expect(byPhone.body.datas.map((l: { id: number }) => l.id)).toEqual([a.id]);
    expect(byPhone.body.datas[0]).toMatchObject({ status: 'new', owner: null, version: 1 });
  });

  it('lists an agent application with its kind and fields; filters by kind, source, campaign, region and day', async () => {
    const agent = await apply(
      { landingPage: '/agent?utm_source=wechat&utm_medium=social&utm_campaign=autumn-agents' },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
    );
    const sales = await submit({
      schoolName: '筛选测试小学',
      region: '四川省成都市',
      referrer: 'https://www.baidu.com/s?wd=%E7%94%B5%E5%AD%90%E7%8F%AD%E7%89%8C',
    });
    const listed = (await s.asAdmin(inquireLeadListAdmin, { keyword: agent.phone })).body.datas[0];
    expect(listed).toMatchObject({
      kind: 'agent',
      companyName: '筛选测试科技有限公司',
      businessScope: '系统集成',
      teamSize: '1-9',
      schoolName: '',
      schoolType: null,
      source: 'wechat',
      utmMedium: 'social',
      utmCampaign: 'autumn-agents',
      deviceClass: 'mobile',
    });
    expect(ids(await s.asAdmin(inquireLeadListAdmin, { keyword: '筛选测试科技' }))).toEqual([agent.id]);
    const agents = ids(await s.asAdmin(inquireLeadListAdmin, { kind: 'agent', pageSize: 100 }));
    expect(agents).toContain(agent.id);
    expect(agents).not.toContain(sales.id);
    expect(
      ids(await s.asAdmin(inquireLeadListAdmin, { source: 'wechat', campaign: 'autumn-agents' })),
    ).toEqual([agent.id]);
    const baidu = await s.asAdmin(inquireLeadListAdmin, { source: 'baidu', keyword: '筛选测试' });
    expect(ids(baidu)).toEqual([sales.id]);
    expect(baidu.body.datas[0]).toMatchObject({
      kind: 'sales',
      searchKeyword: '电子班牌',
      schoolType: 'primary',
    });
    expect(ids(await s.asAdmin(inquireLeadListAdmin, { region: '成都', keyword: '筛选测试' }))).toEqual([
      sales.id,
    ]);
    const now = Date.now();
    const today = {
      from: new Date(now - 3600_000).toISOString(),
      to: new Date(now + 3600_000).toISOString(),
    };
    expect(ids(await s.asAdmin(inquireLeadListAdmin, { ...today, keyword: '筛选测试' }))).toEqual([
      sales.id,
      agent.id,
    ]);
    const tomorrow = { from: new Date(now + 3600_000).toISOString(), keyword: '筛选测试' };
    expect(ids(await s.asAdmin(inquireLeadListAdmin, tomorrow))).toEqual([]);
    const bad = await s.asAdmin(inquireLeadListAdmin, { kind: 'partner', from: 'yesterday' });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['from', 'kind']);

    const { bytes } = await exportCsv({ kind: 'agent', keyword: '筛选测试科技' });
    const [header, row] = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(header).toContain('线索类型');
    expect(header).toContain('公司名称,主营业务,团队规模');
    expect(row).toContain(',代理商申请,新线索,马经理,');
    expect(row).toContain(',筛选测试科技有限公司,系统集成,10 人以下,');
    expect(row).toContain(',wechat,autumn-agents,');
  });

  it('moves a lead through the pipeline with an owner from the staff, logging each change', async () => {
    const { id } = await submit();
    let version = 1;
    const [admin] = await server.app.db.select().from(account).where(eq(account.username, 'admin'));
    for (const status of ['contacted', 'qualified', 'won']) {
      const lead = only(
        await s.asAdmin(updateLeadAdmin, { leadId: id, status, ownerAccountId: admin?.id, version }),
      );
      expect(lead).toMatchObject({ status, owner: '王建国', version: version + 1 });
      version = lead.version;
    }
    const log = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'lead', targetId: String(id) });
    expect(log.body.datas).toHaveLength(3);
    expect(log.body.datas[0].detail.changes).toEqual({ status: ['qualified', 'won'] });
    expect(log.body.datas[2].detail.changes).toEqual({
      status: ['new', 'contacted'],
      owner: [null, '王建国'],
    });
    // The same values again change nothing: no version, no log line.
    const same = only(await s.asAdmin(updateLeadAdmin, { leadId: id, status: 'won', version }));
    expect(same.version).toBe(version);
  });

  it('refuses a jump past the pipeline, a stale version and bad input, changing nothing', async () => {
    const { id } = await submit();
    const before = await dataFingerprint(server.app);
    const jump = await s.asAdmin(updateLeadAdmin, { leadId: id, status: 'won', version: 1 });
    expect(jump.body.errors).toEqual([{ field: 'status', message: '线索不能从“新线索”直接改为“已成交”' }]);
    const stale = await s.asAdmin(updateLeadAdmin, { leadId: id, status: 'contacted', version: 5 });
    expect(stale.body).toMatchObject({ success: false, errorCode: 409 });
    const bad = await s.asAdmin(updateLeadAdmin, {
      leadId: 'x',
      status: 'maybe',
      ownerAccountId: 'someone',
      version: 0,
    });
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['leadId', 'status', 'ownerAccountId', 'version']),
    );
    const missing = await s.asAdmin(updateLeadAdmin, { leadId: 999_999, status: 'contacted', version: 1 });
    expect(missing.body.errorCode).toBe(404);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('reopens a lost lead as contacted; a won lead stays won', async () => {
    const { id } = await submit();
    only(await s.asAdmin(updateLeadAdmin, { leadId: id, status: 'lost', version: 1 }));
    expect(
      only(await s.asAdmin(updateLeadAdmin, { leadId: id, status: 'contacted', version: 2 })).status,
    ).toBe('contacted');
  });

  it('exports CSV that Excel opens: BOM, CRLF, quoted cells, formulas defused, Chinese headers', async () => {
    await submit({
      schoolName: '=HYPERLINK("http://evil")',
      contactName: '+赵老师',
      message: '第一行\n第二行, 含"引号"',
    });
    const { res, bytes } = await exportCsv({ keyword: 'HYPERLINK' });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3));
    const [header, row] = text.split('\r\n');
    expect(header).toBe(
      '编号,提交时间,线索类型,跟进状态,联系人,手机号,学校名称,所在地区,学校类型,职务,公司名称,主营业务,团队规模,意向产品,需求描述,负责人,下次跟进,备注,来源页面,来源,推广活动,着陆页,表单,评分,表单回答',
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain("'+赵老师");
    expect(row).toContain(',销售咨询,新线索,');
    expect(text).toContain('"第一行\n第二行, 含""引号"""');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('exports only the filtered status, and refuses a bad filter with the envelope', async () => {
    const { bytes } = await exportCsv({ status: 'won' });
    const rows = new TextDecoder().decode(bytes).trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain(',已成交,');
    const bad = await exportCsv({ status: 'maybe' });
    expect(JSON.parse(new TextDecoder().decode(bad.bytes))).toMatchObject({ success: false, errorCode: 400 });
  });
});
