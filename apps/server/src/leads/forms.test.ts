/**
 * Forms as data (issue 33), through the real server on both drivers: a definition is checked on save, a
 * submission is checked against the form's current version, an old lead keeps the questions it answered,
 * the original lead action is unchanged and filed under the 销售咨询 form, and the exports hold the answers.
 */
import {
  actionPath,
  createCustomerIntentionSALEPPublic,
  createFormAdmin,
  type FormField,
  inquireFormChoicesAdmin,
  inquireFormListAdmin,
  inquireLeadListAdmin,
  leadCsvExport,
  SITE_ID,
  submitFormSALEPPublic,
  updateFormAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { customerIntention } from '../db/schema';

const SUBMIT = actionPath(submitFormSALEPPublic);
const ENQUIRY = actionPath(createCustomerIntentionSALEPPublic);

const field = (key: string, type: FormField['type'], label: string, extra: Partial<FormField> = {}) => ({
  key,
  type,
  label,
  help: '',
  required: true,
  options: [],
  ...extra,
});

const demoFields = () => [
  field('contactName', 'text', '联系人姓名', { max: 30 }),
  field('phone', 'mobile', '手机号'),
  field('schoolSize', 'single', '学校规模', { options: ['500 人以下', '500–2000 人', '2000 人以上'] }),
  field('launchDate', 'date', '计划上线时间'),
  field('budget', 'number', '预算（万元）', { required: false, min: 1, max: 500 }),
  field('modules', 'multiple', '关注模块', { required: false, options: ['排课', '考勤', '家校'], max: 2 }),
  field('area', 'region', '所在地区', { required: false }),
  field('consent', 'consent', '我已阅读并同意《隐私政策》'),
];

describe.each(drivers)('forms the vendor designs on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  let seq = 0;
  const createForm = async (overrides: Record<string, unknown> = {}) =>
    s.asAdmin(createFormAdmin, {
      name: '预约演示',
      slug: `demo-${driver}-${seq++}`,
      kind: 'demo',
      successMessage: '预约成功，顾问将在一个工作日内与您联系演示时间',
      fields: demoFields(),
      requestKey: requestKey(),
      ...overrides,
    });
  const answers = (overrides: Record<string, unknown> = {}) => ({
    contactName: '李老师',
    phone: freshPhone(),
    schoolSize: '500–2000 人',
    launchDate: '2027-03-01',
    consent: 'on',
    ...overrides,
  });
  const storedLead = async (id: number) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.id, id)))[0];

  it('lists the two built-in forms, seeded with the fields the original lead forms ask', async () => {
    const forms = (await s.asAdmin(inquireFormListAdmin)).body.datas;
    const enquiry = forms.find((f: { slug: string }) => f.slug === 'enquiry');
    const agent = forms.find((f: { slug: string }) => f.slug === 'agent');
    expect(enquiry).toMatchObject({ kind: 'enquiry', builtin: true, enabled: true, currentVersion: 1 });
    expect(enquiry.fields.map((f: FormField) => f.key)).toEqual([
      'contactName',
      'phone',
      'schoolName',
      'region',
      'schoolType',
      'role',
      'message',
      'privacyConsent',
    ]);
    expect(agent.fields.find((f: FormField) => f.key === 'teamSize').options).toHaveLength(4);
    // Leads from before forms were data (the demo's) are filed under their built-in form.
    expect(enquiry.leadCount).toBeGreaterThan(0);
    const choices = (await s.asAdmin(inquireFormChoicesAdmin)).body.datas;
    expect(choices.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['销售咨询', '代理商申请']),
    );
  });

  it('refuses a definition with duplicate keys, an empty option list, min above max or no consent, saying why', async () => {
    const before = await dataFingerprint(server.app);
    const cases: [unknown, RegExp][] = [
      [[...demoFields(), field('phone', 'text', '电话')], /字段标识“phone”重复/],
      [
        [...demoFields(), field('size', 'single', '学校规模二', { options: [] })],
        /“学校规模二”至少需要一个选项/,
      ],
      [[...demoFields(), field('n', 'number', '人数', { min: 10, max: 5 })], /“人数”的最小值不能大于最大值/],
      [demoFields().filter((f) => f.type !== 'consent'), /须包含一条同意条款/],
      [[...demoFields(), field('website', 'text', '网址')], /“website”为系统保留/],
      [[field('1bad', 'text', '坏标识'), field('c', 'consent', '同意')], /字段标识须以英文字母开头/],
      ['not json', /字段列表格式不正确/],
    ];
    for (const [fields, message] of cases) {
      const res = await createForm({ fields });
      expect(res.status, String(message)).toBe(200);
      expect(res.body).toMatchObject({ success: false, errorCode: 400 });
      expect(res.body.errorMessage).toMatch(message);
    }
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('stores a submission under the form with its version and answers, and answers the form’s success message', async () => {
    const form = only(await createForm());
    const sent = answers({ budget: '80', modules: ['排课', '家校'], area: '330106' });
    const res = await server.post(
      SUBMIT,
      { siteId: SITE_ID, formId: form.id, answers: sent },
      { json: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: form.successMessage });
    const row = await storedLead(res.body.data.id);
    expect(row).toMatchObject({
      formId: form.id,
      formVersion: 1,
      contactName: '李老师',
      phone: sent.phone,
      region: '浙江省/杭州市/西湖区',
      answers: {
        contactName: '李老师',
        phone: sent.phone,
        schoolSize: '500–2000 人',
        launchDate: '2027-03-01',
        budget: 80,
        modules: ['排课', '家校'],
        area: '浙江省/杭州市/西湖区',
        consent: true,
      },
    });
    expect(row?.consentAt).not.toBeNull();
    // By slug, with the answers as JSON text in a form body (the original clients' encoding).
    const bySlug = await server.post(SUBMIT, {
      siteId: SITE_ID,
      slug: form.slug,
      answers: JSON.stringify(answers()),
    });
    expect(bySlug.body.success).toBe(true);
  });

  it('refuses unknown fields, missing or wrong answers, and a missing or disabled form with a Chinese 400; nothing stored', async () => {
    const form = only(await createForm());
    const before = await dataFingerprint(server.app);
    const cases: [Record<string, unknown>, RegExp, string][] = [
      [{ formId: form.id, answers: answers({ extra: 'x' }) }, /表单没有这些项：extra/, '(body)'],
      [{ formId: form.id, answers: answers({ contactName: '' }) }, /请输入联系人姓名/, 'contactName'],
      [{ formId: form.id, answers: answers({ phone: '1234' }) }, /不合法的手机号/, 'phone'],
      [
        { formId: form.id, answers: answers({ consent: 'off' }) },
        /请阅读并同意《隐私政策》后提交/,
        'consent',
      ],
      [
        { formId: form.id, answers: answers({ schoolSize: '10 万人' }) },
        /学校规模的取值不在可选范围内/,
        'schoolSize',
      ],
      [
        { formId: form.id, answers: answers({ launchDate: '2027-02-30' }) },
        /计划上线时间须为日期/,
        'launchDate',
      ],
      [{ formId: form.id, answers: answers({ budget: '900' }) }, /预算（万元）不能大于 500/, 'budget'],
      [{ formId: form.id, answers: answers({ budget: 'abc' }) }, /预算（万元）须为数字/, 'budget'],
      [
        { formId: form.id, answers: answers({ modules: ['排课', '考勤', '家校'] }) },
        /最多选择 2 项/,
        'modules',
      ],
      [{ formId: form.id, answers: answers({ area: '火星' }) }, /所在地区须为“省\/市\/区县”/, 'area'],
      [{ formId: form.id, answers: answers({ contactName: { $ne: 1 } }) }, /联系人姓名/, 'contactName'],
      [{ formId: form.id, answers: 'not json' }, /表单内容格式不正确/, 'answers'],
      [{ formId: 2147483647, answers: answers() }, /表单不存在或已停用/, 'formId'],
      [{ slug: 'no-such-form', answers: answers() }, /表单不存在或已停用/, 'slug'],
      [{ answers: answers() }, /请指定表单/, 'formId'],
    ];
    for (const [body, message, fieldName] of cases) {
      const res = await server.post(SUBMIT, { siteId: SITE_ID, ...body }, { json: true });
      expect(res.body, String(message)).toMatchObject({ success: false, errorCode: 400, status: 400 });
      expect(res.body.errorMessage, String(message)).toMatch(message);
      expect(res.body.errors?.[0]?.field, String(message)).toBe(fieldName);
    }
    expect(await dataFingerprint(server.app)).toEqual(before);
    const off = only(
      await s.asAdmin(updateFormAdmin, { formId: form.id, enabled: false, version: form.version }),
    );
    expect(off.enabled).toBe(false);
    const disabled = await server.post(
      SUBMIT,
      { siteId: SITE_ID, formId: form.id, answers: answers() },
      { json: true },
    );
    expect(disabled.body).toMatchObject({ success: false, errorCode: 400 });
    expect(disabled.body.errorMessage).toMatch(/表单不存在或已停用/);
    // Switched off, the form takes no lead.
    expect(
      (await server.app.db.select().from(customerIntention).where(eq(customerIntention.formId, form.id)))
        .length,
    ).toBe(0);
  });

  it('keeps an old lead with the questions it answered after the form changes; new ones use the new version', async () => {
    const form = only(await createForm());
    const old = await server.post(
      SUBMIT,
      { siteId: SITE_ID, formId: form.id, answers: answers() },
      { json: true },
    );
    const changedFields = demoFields()
      .filter((f) => f.key !== 'launchDate')
      .map((f) =>
        f.key === 'schoolSize' ? { ...f, label: '在校学生数', options: ['1000 人以下', '1000 人以上'] } : f,
      );
    const updated = only(
      await s.asAdmin(updateFormAdmin, { formId: form.id, fields: changedFields, version: form.version }),
    );
    expect(updated.currentVersion).toBe(2);
    // The old answers no longer fit the form: refused against version 2.
    const stale = await server.post(
      SUBMIT,
      { siteId: SITE_ID, formId: form.id, answers: answers() },
      { json: true },
    );
    expect(stale.body.errorMessage).toMatch(/表单没有这些项：launchDate|在校学生数的取值不在可选范围内/);
    const fresh = await server.post(
      SUBMIT,
      {
        siteId: SITE_ID,
        formId: form.id,
        answers: answers({ schoolSize: '1000 人以上', launchDate: undefined }),
      },
      { json: true },
    );
    expect(fresh.body.success).toBe(true);
    const listed = (await s.asAdmin(inquireLeadListAdmin, { formId: form.id, pageSize: 50 })).body.datas;
    expect(listed).toHaveLength(2);
    const oldLead = listed.find((l: { id: number }) => l.id === old.body.data.id);
    const newLead = listed.find((l: { id: number }) => l.id === fresh.body.data.id);
    expect(oldLead).toMatchObject({ formName: '预约演示', formVersion: 1 });
    expect(oldLead.answers).toEqual(
      expect.arrayContaining([
        { key: 'schoolSize', label: '学校规模', text: '500–2000 人' },
        { key: 'launchDate', label: '计划上线时间', text: '2027-03-01' },
        { key: 'consent', label: '我已阅读并同意《隐私政策》', text: '已同意' },
      ]),
    );
    expect(newLead.formVersion).toBe(2);
    expect(newLead.answers).toContainEqual({ key: 'schoolSize', label: '在校学生数', text: '1000 人以上' });
  });

  it('keeps the original action’s fields and messages, filed under the 销售咨询 form with its answers', async () => {
    const phone = freshPhone();
    const res = await server.post(ENQUIRY, {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '王老师',
      phone,
      schoolName: '杭州市文三路小学',
      region: '浙江省杭州市',
      schoolType: 'primary',
      role: '信息中心主任',
    });
    expect(res.body).toMatchObject({ success: true, message: expect.stringMatching(/提交成功/) });
    const row = await storedLead(res.body.data.id);
    const enquiry = (await s.asAdmin(inquireFormListAdmin)).body.datas.find(
      (f: { slug: string }) => f.slug === 'enquiry',
    );
    expect(row).toMatchObject({
      formId: enquiry.id,
      formVersion: 1,
      schoolType: 'primary',
      answers: {
        contactName: '王老师',
        phone,
        schoolName: '杭州市文三路小学',
        region: '浙江省杭州市',
        schoolType: 'primary',
        role: '信息中心主任',
        privacyConsent: true,
      },
    });
    // The same form through the new action: checked against 销售咨询's own fields, same message for a phone.
    const bad = await server.post(
      SUBMIT,
      { siteId: SITE_ID, slug: 'enquiry', answers: { ...row?.answers, phone: '123', privacyConsent: 'on' } },
      { json: true },
    );
    expect(bad.body.errorMessage).toMatch(/不合法的手机号/);
  });

  const csv = async (query: Record<string, string>) => {
    const res = await fetch(`${server.url}${leadCsvExport.path}?${new URLSearchParams(query)}`, {
      headers: { cookie: `yx_sid=${s.adminSid}` },
    });
    return new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()));
  };

  it('exports one column per field of the filtered form, and the answers in the PIPL copy of a phone', async () => {
    const form = only(await createForm());
    const phone = freshPhone();
    await server.post(
      SUBMIT,
      { siteId: SITE_ID, formId: form.id, answers: answers({ phone }) },
      { json: true },
    );
    const byForm = await csv({ formId: String(form.id) });
    const [header, row] = byForm.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(
      /,表单,评分,联系人姓名,手机号,学校规模,计划上线时间,预算（万元）,关注模块,所在地区,我已阅读并同意《隐私政策》$/,
    );
    expect(row).toContain(',预约演示,0,李老师,');
    expect(row).toContain(',500–2000 人,2027-03-01,');
    const personal = await csv({ phone });
    expect(personal).toContain('表单回答');
    expect(personal).toContain('学校规模：500–2000 人；计划上线时间：2027-03-01');
  });

  it('shows the form on /form/{slug} and takes it without JavaScript: refused with the field’s message, then stored', async () => {
    const form = only(await createForm());
    const page = await fetch(`${server.url}/form/${form.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of [
      '联系人姓名',
      '学校规模',
      '500–2000 人',
      '计划上线时间',
      '我已阅读并同意《隐私政策》',
    ])
      expect(html).toContain(label);
    const post = (fields: [string, string][]) =>
      fetch(`${server.url}/form/${form.slug}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: new URLSearchParams(fields).toString(),
      });
    const phone = freshPhone();
    const refused = await post([
      ['contactName', '赵老师'],
      ['phone', phone],
      ['schoolSize', '500 人以下'],
      ['launchDate', '2027-09-01'],
    ]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('请阅读并同意《隐私政策》后提交');
    const sent = await post([
      ['contactName', '赵老师'],
      ['phone', phone],
      ['schoolSize', '500 人以下'],
      ['launchDate', '2027-09-01'],
      ['modules', '排课'],
      ['modules', '考勤'],
      ['consent', 'on'],
      ['website', ''],
    ]);
    expect(sent.status).toBe(303);
    const back = sent.headers.get('location') ?? '';
    expect(back).toContain(`/form/${form.slug}?sent=created`);
    const thanks = await fetch(`${server.url}${back.replace(/#.*$/, '')}`);
    expect(await thanks.text()).toContain(form.successMessage);
    const [row] = await server.app.db
      .select()
      .from(customerIntention)
      .where(eq(customerIntention.phone, phone));
    expect(row?.answers).toMatchObject({
      schoolSize: '500 人以下',
      modules: ['排课', '考勤'],
      consent: true,
    });
    // A form switched off is not found.
    expect((await fetch(`${server.url}/form/no-such-form`)).status).toBe(404);
  });
});
