import { HONEYPOT_FIELD, SITE_ID } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { customerIntention } from '../db/schema';

const CREATE = '/store/api/v1.0/createCustomerIntentionSALEPPublic.json';
const APPLY = '/store/api/v1.0/createAgentApplicationSALEPPublic.json';

let phoneSeq = 0;
const uniquePhone = () =>
  `139${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;

const application = (overrides: Record<string, unknown> = {}) => ({
  siteId: SITE_ID,
  privacyConsent: 'on',
  companyName: '西安智联教育科技有限公司',
  contactName: '马经理',
  phone: uniquePhone(),
  region: '陕西省',
  businessScope: '教育信息化系统集成，已服务 20 所学校',
  teamSize: '10-49',
  sourcePage: '/agent',
  ...overrides,
});
const lead = (overrides: Record<string, unknown> = {}) => ({
  siteId: SITE_ID,
  privacyConsent: 'on',
  contactName: '王老师',
  phone: uniquePhone(),
  schoolName: '杭州市滨江区示范实验小学',
  region: '浙江省杭州市',
  schoolType: 'primary',
  role: '信息中心主任',
  message: '希望了解智慧校园整体方案与报价',
  sourcePage: '/home',
  ...overrides,
});

describe.each(drivers)('sales leads on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const stored = async (id: number) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.id, id)))[0];

  it('stores a lead as new and answers success, data and message', async () => {
    const input = lead();
    const { status, body } = await server.post(CREATE, input);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, flag: 'SUCCESS', data: { id: expect.any(Number) } });
    expect(body.message).toMatch(/提交成功/);
    const row = await stored(body.data.id);
    expect(row).toMatchObject({
      contactName: '王老师',
      phone: input.phone,
      schoolType: 'primary',
      status: 'new',
      sourcePage: '/home',
    });
    expect(row?.clientIpHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes an education bureau and a vocational college; the old form value 中学 is stored as 完全中学', async () => {
    for (const [sent, kept] of [
      ['bureau', 'bureau'],
      ['vocational', 'vocational'],
      ['middle', 'complete'],
    ] as const) {
      const { body } = await server.post(CREATE, lead({ schoolType: sent }));
      expect(body.success, sent).toBe(true);
      expect((await stored(body.data.id))?.schoolType).toBe(kept);
    }
  });

  it('stores an agent application as kind agent with its own fields and no school', async () => {
    const input = application({ message: '希望代理陕西全省' });
    const { body } = await server.post(APPLY, input);
    expect(body).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    expect(await stored(body.data.id)).toMatchObject({
      kind: 'agent',
      companyName: '西安智联教育科技有限公司',
      contactName: '马经理',
      phone: input.phone,
      region: '陕西省',
      businessScope: '教育信息化系统集成，已服务 20 所学校',
      teamSize: '10-49',
      message: '希望代理陕西全省',
      schoolName: '',
      schoolType: null,
      role: '',
      status: 'new',
    });
  });

  it('keeps a sales lead and an agent application of one phone apart; each repeats only itself', async () => {
    const phone = uniquePhone();
    const sales = await server.post(CREATE, lead({ phone }));
    const agent = await server.post(APPLY, application({ phone }));
    expect(agent.body.data.id).not.toBe(sales.body.data.id);
    expect((await stored(sales.body.data.id))?.kind).toBe('sales');
    const again = await server.post(APPLY, application({ phone }));
    expect(again.body.data.id).toBe(agent.body.data.id);
  });

  it('refuses an agent application without its fields, naming each, and stores nothing', async () => {
    const before = await dataFingerprint(server.app);
    const { body } = await server.post(APPLY, {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '马经理',
      phone: uniquePhone(),
      schoolName: '不该出现的学校',
      teamSize: 'huge',
    });
    expect(body).toMatchObject({ success: false, errorCode: 400 });
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'businessScope',
      'companyName',
      'region',
      'teamSize',
    ]);
    expect(body.errors.find((e: { field: string }) => e.field === 'teamSize').message).toBe(
      '团队规模的取值不在可选范围内',
    );
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('accepts a JSON body as well as a form', async () => {
    const { body } = await server.post(CREATE, lead(), { json: true });
    expect(body.success).toBe(true);
  });

  it('returns the existing record for the same phone within ten minutes, creating no second row', async () => {
    const input = lead();
    const first = await server.post(CREATE, input);
    const again = await server.post(CREATE, { ...input, message: '再次提交' });
    expect(again.body.success).toBe(true);
    expect(again.body.data.id).toBe(first.body.data.id);
    const rows = await server.app.db
      .select()
      .from(customerIntention)
      .where(eq(customerIntention.phone, input.phone));
    expect(rows).toHaveLength(1);
  });

  it('makes one lead from a burst of simultaneous submissions', async () => {
    const input = lead();
    const answers = await Promise.all(Array.from({ length: 6 }, () => server.post(CREATE, input)));
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    const rows = await server.app.db
      .select()
      .from(customerIntention)
      .where(eq(customerIntention.phone, input.phone));
    expect(rows).toHaveLength(1);
  });

  it('stores script tags as plain text, returned unchanged', async () => {
    const message = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { body } = await server.post(CREATE, lead({ message, contactName: '<b>张</b>' }));
    const row = await stored(body.data.id);
    expect(row?.message).toBe(message);
    expect(row?.contactName).toBe('<b>张</b>');
  });

  it('keeps emoji and rare CJK characters intact', async () => {
    const contactName = '𠮷野𡈼';
    const message = '希望尽快沟通 😀👍🏫，学校在𨑨𨑨路';
    const { body } = await server.post(CREATE, lead({ contactName, message }));
    expect(body.success).toBe(true);
    const row = await stored(body.data.id);
    expect(row?.contactName).toBe(contactName);
    expect(row?.message).toBe(message);
  });

  it('counts the 1000-character limit in characters, so 1000 emoji fit', async () => {
    const { body } = await server.post(CREATE, lead({ message: '😀'.repeat(1000) }));
    expect(body.success).toBe(true);
  });

  it('pretends success to a bot that fills the honeypot, storing nothing', async () => {
    const before = await dataFingerprint(server.app);
    const { body } = await server.post(CREATE, lead({ [HONEYPOT_FIELD]: 'http://spam.example' }));
    expect(body.success).toBe(true);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('refuses a cross-site submission', async () => {
    const before = await dataFingerprint(server.app);
    const { body } = await server.post(CREATE, lead(), { headers: { origin: 'https://evil.example' } });
    expect(body).toMatchObject({ success: false, errorCode: 403 });
    expect(body.errorMessage).toMatch(/跨站请求/);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('accepts a submission from its own origin', async () => {
    const { body } = await server.post(CREATE, lead(), { headers: { origin: server.url } });
    expect(body.success).toBe(true);
  });

  it('records where the lead came from: landing page, UTM tags, search engine, keyword, device', async () => {
    const { body } = await server.post(
      CREATE,
      lead({
        sourcePage: '/home',
        landingPage: '/news/detail/1?utm_source=baidu&utm_medium=cpc&utm_campaign=spring',
        referrer: 'https://m.baidu.com/s?word=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD',
      }),
      { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' } },
    );
    expect(await stored(body.data.id)).toMatchObject({
      sourcePage: '/home',
      landingPage: '/news/detail/1?utm_source=baidu&utm_medium=cpc&utm_campaign=spring',
      referrerHost: 'm.baidu.com',
      searchEngine: 'baidu',
      searchKeyword: '智慧校园',
      utmSource: 'baidu',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      deviceClass: 'mobile',
    });
  });

  it('without a stored visit takes the form page and its UTM tags from the Referer', async () => {
    const { body } = await server.post(CREATE, lead({ sourcePage: '/agent' }), {
      headers: { referer: `${server.url}/agent?utm_source=wechat&utm_campaign=autumn` },
    });
    expect(await stored(body.data.id)).toMatchObject({
      landingPage: '/agent?utm_source=wechat&utm_campaign=autumn',
      referrerHost: '',
      utmSource: 'wechat',
      utmCampaign: 'autumn',
    });
  });

  describe('bad fields answer 400 with the field named and store nothing', () => {
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['invalid phone', { phone: '12345' }, 'phone', /不合法的手机号/],
      ['landline phone', { phone: '02088886666' }, 'phone', /不合法的手机号/],
      ['missing phone', { phone: undefined }, 'phone', /请输入手机号/],
      ['empty name', { contactName: '' }, 'contactName', /请输入联系人姓名/],
      ['blank name', { contactName: '   ' }, 'contactName', /请输入联系人姓名/],
      ['10,000-character message', { message: '好'.repeat(10_000) }, 'message', /需求描述不能超过 1000 个字/],
      ['unknown school type', { schoolType: 'hospital' }, 'schoolType', /学校类型的取值不在可选范围内/],
      [
        'interested product text',
        { interestedProductId: 'abc' },
        'interestedProductId',
        /意向产品必须是正整数/,
      ],
      [
        'unknown interested product',
        { interestedProductId: 987654 },
        'interestedProductId',
        /意向产品不存在/,
      ],
    ];
    it.each(cases)('%s', async (_name, fields, field, message) => {
      const before = await dataFingerprint(server.app);
      const { status, body } = await server.post(CREATE, lead(fields));
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 400, status: 400 });
      expect(body.errorMessage).toMatch(message);
      expect(body.errors[0]).toMatchObject({ field });
      expect(await dataFingerprint(server.app)).toEqual(before);
    });
  });
});

describe.each(drivers)('lead limit per client address on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { leadLimitPerHour: 2, trustProxy: true });
  });
  afterAll(() => server.close());

  it('holds the limit for submissions sent at the same moment from one address', async () => {
    const from = { headers: { 'x-forwarded-for': '198.51.100.77' } };
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.post(CREATE, lead(), from)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(2);
    expect(answers.filter((a) => a.body.errorCode === 429)).toHaveLength(6);
  });

  it('answers 429 with a clear message past the hourly limit, storing nothing more', async () => {
    for (let i = 0; i < 2; i++) expect((await server.post(CREATE, lead())).body.success).toBe(true);
    const before = await dataFingerprint(server.app);
    const { status, body } = await server.post(CREATE, lead());
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, errorCode: 429, errorMessage: '操作过于频繁，请稍后再试' });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
