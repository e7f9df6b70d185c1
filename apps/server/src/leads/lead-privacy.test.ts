/**
 * PIPL on leads, through the real server on both drivers: the consent line is required and stored with the
 * 隐私政策's version, /privacy shows the statement, closed leads are anonymised by the scheduled job after the
 * retention period set in 站点设置, and an admin exports or erases every lead of one phone (audited).
 */
import {
  actionPath,
  addLeadFollowUpAdmin,
  createAgentApplicationSALEPPublic,
  createCustomerIntentionSALEPPublic,
  eraseLeadsOfPhoneAdmin,
  inquireAuditLogListAdmin,
  inquireLeadListAdmin,
  inquireSiteSettingsAdmin,
  leadCsvExport,
  SITE_ID,
  updateArticleAdmin,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { queryRows } from '../db/client';
import { article, customerIntention, leadFollowUp } from '../db/schema';

const SALES = actionPath(createCustomerIntentionSALEPPublic);
const AGENT = actionPath(createAgentApplicationSALEPPublic);

describe.each(drivers)('lead privacy (PIPL) on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver, { leadLimitPerHour: 1000 });
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const sales = (fields: Record<string, unknown> = {}) =>
    server.post(SALES, {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '周主任',
      phone: freshPhone(),
      schoolName: '隐私测试实验小学',
      region: '浙江省杭州市',
      schoolType: 'primary',
      role: '校长',
      message: '想了解智慧班牌',
      ...fields,
    });
  const agent = (fields: Record<string, unknown> = {}) =>
    server.post(AGENT, {
      siteId: SITE_ID,
      privacyConsent: 'on',
      companyName: '隐私测试科技有限公司',
      contactName: '马经理',
      phone: freshPhone(),
      region: '陕西省',
      businessScope: '系统集成',
      teamSize: '1-9',
      ...fields,
    });
  const rowOf = async (id: number) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.id, id)))[0];
  const privacyArticle = async () =>
    (await server.app.db.select().from(article).where(eq(article.title, '悦讯科技官网隐私政策')))[0];

  it('refuses a lead without consent, through both actions and the no-JS form, storing nothing', async () => {
    const count = async () => (await server.app.db.select().from(customerIntention)).length;
    const before = await count();
    for (const answer of [
      await sales({ privacyConsent: undefined }),
      await sales({ privacyConsent: 'off' }),
      await agent({ privacyConsent: '' }),
    ]) {
      expect(answer.body).toMatchObject({ success: false, errorCode: 400 });
      expect(answer.body.errors).toContainEqual({
        field: 'privacyConsent',
        message: '请阅读并同意《隐私政策》后提交',
      });
    }
    const form = await fetch(`${server.url}/home`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({
        contactName: '吴老师',
        phone: freshPhone(),
        schoolName: '无同意小学',
        region: '浙江',
        schoolType: 'primary',
        role: '教师',
      }).toString(),
    });
    expect(form.status).toBe(422);
    expect(await form.text()).toContain('请阅读并同意《隐私政策》后提交');
    expect(await count()).toBe(before);
  });

  it('stores the consent with the statement version it referred to; an edit gives later leads the new version', async () => {
    const statement = await privacyArticle();
    expect(statement).toBeDefined();
    if (!statement) return;
    const first = await sales();
    expect(first.body.success, first.text).toBe(true);
    const row = await rowOf(first.body.data.id);
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ privacyArticleId: statement.id, privacyVersion: statement.version });
    expect(row?.privacyUpdatedAt?.toISOString()).toBe(statement.updatedAt.toISOString());

    // Edited in the console (the site reads the statement through its read cache, which the edit empties).
    const edited = await s.asAdmin(updateArticleAdmin, {
      siteId: SITE_ID,
      articleId: statement.id,
      version: statement.version,
      categoryId: statement.categoryId,
      title: statement.title,
      summary: statement.summary,
      bodyHtml: `${statement.bodyHtml}<p>新增：保存期限说明</p>`,
      status: statement.status,
      requestKey: requestKey(),
    });
    expect(edited.body.success, edited.text).toBe(true);
    const second = await agent();
    expect((await rowOf(second.body.data.id))?.privacyVersion).toBe(statement.version + 1);
    // The no-JS form's ticked checkbox ("on") counts as consent too.
    const form = await fetch(`${server.url}/home`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({
        privacyConsent: 'on',
        contactName: '吴老师',
        phone: freshPhone(),
        schoolName: '表单同意小学',
        region: '浙江',
        schoolType: 'primary',
        role: '教师',
      }).toString(),
    });
    expect(form.status).toBe(303);
  });

  it('shows the statement at /privacy and links it from the consent line of the forms', async () => {
    const page = await (await fetch(`${server.url}/privacy`)).text();
    expect(page).toContain('悦讯科技官网隐私政策');
    expect(page).toContain('保存期限');
    for (const path of ['/home', '/agent']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*name="privacyConsent"/);
      expect(html).toMatch(/我已阅读并同意<a href="\/privacy"[^>]*>《隐私政策》<\/a>/);
    }
  });

  it('anonymises closed leads past the retention period in the scheduled job, audited, statistics kept', async () => {
    const phones = {
      wonOld: freshPhone(),
      lostOld: freshPhone(),
      wonNew: freshPhone(),
      openOld: freshPhone(),
    };
    const ids: Record<keyof typeof phones, number> = { wonOld: 0, lostOld: 0, wonNew: 0, openOld: 0 };
    for (const key of Object.keys(phones) as (keyof typeof phones)[]) {
      ids[key] = (
        await sales({ phone: phones[key], landingPage: '/home?utm_source=baidu&utm_campaign=privacy' })
      ).body.data.id;
    }
    const setLead = (id: number, status: string, daysAgo: number) =>
      server.app.db.execute(
        sql`update customer_intention set status = ${status}, updated_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`,
      );
    await setLead(ids.wonOld, 'won', 40);
    await setLead(ids.lostOld, 'lost', 31);
    await setLead(ids.wonNew, 'won', 5);
    await setLead(ids.openOld, 'contacted', 90);
    // The one notes box of earlier versions, written by staff before follow-ups were timeline rows.
    await server.app.db.execute(
      sql`update customer_intention set notes = ${`老备注：周主任手机 ${phones.wonOld}`} where id = ${ids.wonOld}`,
    );
    await server.app.db.insert(leadFollowUp).values({
      siteId: SITE_ID,
      leadId: ids.wonOld,
      kind: 'call',
      note: `周主任说下周签合同，手机 ${phones.wonOld}`,
    });

    // The retention period is set by an admin in 站点设置, validated.
    const { updatedAt: _u, ...settings } = only(await s.asAdmin(inquireSiteSettingsAdmin));
    const bad = await s.asAdmin(updateSiteSettingsAdmin, { ...settings, leadRetentionDays: '0' });
    expect(bad.body.errors).toContainEqual({
      field: 'leadRetentionDays',
      message: '线索保存期限须为 1 到 36500 之间的天数，留空表示不自动匿名化',
    });
    only(await s.asAdmin(updateSiteSettingsAdmin, { ...settings, leadRetentionDays: '30' }));

    // The hourly job runs now (as when its hour comes) in whichever instance claims it.
    await server.app.db.execute(
      sql`update outbox set due_at = now() where dedupe_key = 'every:lead-retention'`,
    );
    for (let i = 0; i < 200 && !(await rowOf(ids.wonOld))?.anonymisedAt; i++)
      await new Promise((r) => setTimeout(r, 50));

    for (const key of ['wonOld', 'lostOld'] as const) {
      const row = await rowOf(ids[key]);
      expect(row).toMatchObject({
        contactName: '（已匿名）',
        phone: '',
        schoolName: '',
        role: '',
        message: '',
        notes: '',
        region: '浙江省杭州市',
        schoolType: 'primary',
        utmSource: 'baidu',
        utmCampaign: 'privacy',
      });
      expect(row?.anonymisedAt).toBeInstanceOf(Date);
    }
    for (const key of ['wonNew', 'openOld'] as const) {
      expect(await rowOf(ids[key])).toMatchObject({
        phone: phones[key],
        contactName: '周主任',
        anonymisedAt: null,
      });
    }
    const notes = await server.app.db.select().from(leadFollowUp).where(eq(leadFollowUp.leadId, ids.wonOld));
    expect(notes.map((n) => n.note)).toEqual(['']);
    const audit = await s.asAdmin(inquireAuditLogListAdmin, { action: 'anonymise' });
    const line = audit.body.datas.find((d: { detail: { ids?: number[] } }) =>
      d.detail.ids?.includes(ids.wonOld),
    );
    expect(line).toMatchObject({ accountId: null, targetType: 'lead' });
    expect(line.detail.title).toMatch(/^保存期限 30 天已到，\d+ 条已结束的线索已匿名化$/);
    expect(JSON.stringify(line)).not.toContain(phones.wonOld);
  });

  const exportCsv = async (phone: string, sid = s.adminSid) => {
    const res = await fetch(`${server.url}${leadCsvExport.path}?${new URLSearchParams({ phone })}`, {
      headers: { cookie: `yx_sid=${sid}` },
    });
    return new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()));
  };

  /** RFC 4180 as the export writes it (BOM, CRLF, quotes doubled): the rows of cells. */
  const parseCsv = (csv: string) => {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    const text = csv.replace(/^\uFEFF/, '');
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(cell);
        cell = '';
      } else if (c === '\r' && text[i + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        i++;
      } else cell += c;
    }
    if (cell !== '' || row.length > 0) {
      row.push(cell);
      rows.push(row);
    }
    return rows;
  };
  const beijing = (d: Date | null | undefined) =>
    d
      ? new Intl.DateTimeFormat('sv-SE', {
          timeZone: 'Asia/Shanghai',
          dateStyle: 'short',
          timeStyle: 'medium',
        }).format(d)
      : '';
  /** The cells of section `title`'s rows (after its title and header lines) as objects by header. */
  const section = (rows: string[][], title: string) => {
    const at = rows.findIndex((r) => r.length === 1 && r[0] === title);
    expect(at, `section ${title}`).toBeGreaterThanOrEqual(0);
    const header = rows[at + 1] ?? [];
    const body: Record<string, string>[] = [];
    for (const r of rows.slice(at + 2)) {
      if (r.length === 1 && r[0] === '') break;
      body.push(Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    }
    return body;
  };

  it('exports every lead of one phone with its consent and timeline (formula guard kept) and erases them, audited without the number', async () => {
    const phone = freshPhone();
    const other = freshPhone();
    const a = (await sales({ phone, schoolName: '=HYPERLINK("http://evil")' })).body.data.id;
    const b = (await agent({ phone })).body.data.id;
    const kept = (await sales({ phone: other })).body.data.id;
    const note = '已电话联系，周主任说预算二十万，下周到校演示';
    // Recorded by staff in the console (with a reminder queued for the next date) and by hand.
    const followed = await s.asAdmin(addLeadFollowUpAdmin, {
      siteId: SITE_ID,
      leadId: a,
      version: (await rowOf(a))?.version,
      kind: 'call',
      note,
      nextAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(followed.body.success, followed.text).toBe(true);
    await server.app.db.insert(leadFollowUp).values([
      { siteId: SITE_ID, leadId: a, kind: 'note', note: '=1+1 周主任的私人微信' },
      { siteId: SITE_ID, leadId: b, kind: 'status', statusFrom: 'new', statusTo: 'contacted' },
    ]);
    const consentOf = await rowOf(a);
    expect(consentOf?.consentAt).toBeInstanceOf(Date);

    const csv = await exportCsv(phone);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toContain(other);
    const rows = parseCsv(csv);
    // The person's copy: their leads with the consent each was given under, then every timeline entry.
    const leads = section(rows, '线索');
    expect(leads.map((l) => Number(l.编号))).toEqual([b, a]);
    expect(leads[1]).toMatchObject({
      手机号: phone,
      联系人: '周主任',
      同意隐私政策时间: beijing(consentOf?.consentAt),
      隐私政策文章编号: String(consentOf?.privacyArticleId),
      隐私政策版本: String(consentOf?.privacyVersion),
      隐私政策更新时间: beijing(consentOf?.privacyUpdatedAt),
    });
    expect(leads[1]?.隐私政策版本).toMatch(/^\d+$/);
    const timeline = section(rows, '跟进记录');
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ 线索编号: String(a), 类型: '电话', 内容: note }),
        expect.objectContaining({ 线索编号: String(a), 类型: '备注', 内容: "'=1+1 周主任的私人微信" }),
        expect.objectContaining({ 线索编号: String(b), 类型: '状态变更', 内容: '“新线索”改为“已联系”' }),
      ]),
    );
    expect(timeline.find((e) => e.内容 === note)?.记录人).toBeTruthy();
    /** Rows of these tables whose text holds either note. */
    const noteTraces = async () => {
      const traces: Record<string, number> = {};
      for (const table of ['lead_follow_up', 'audit_log', 'outbox']) {
        const [found] = await queryRows<{ n: number }>(
          server.app.db,
          sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like ${'%二十万%'} or t::text like ${'%私人微信%'}`,
        );
        traces[table] = found?.n ?? -1;
      }
      return traces;
    };
    expect(await noteTraces()).toEqual({ lead_follow_up: 2, audit_log: 0, outbox: 0 });
    // Only site admins: the ordinary user gets the envelope, not the file.
    expect(JSON.parse(await exportCsv(phone, s.userSid))).toMatchObject({ success: false, errorCode: 403 });

    expect((await s.asUser(eraseLeadsOfPhoneAdmin, { phone })).body).toMatchObject({
      success: false,
      errorCode: 403,
    });
    const erased = await s.asAdmin(eraseLeadsOfPhoneAdmin, { phone });
    expect(erased.body).toMatchObject({
      success: true,
      data: { erased: 2 },
      message: '已删除该手机号的 2 条线索',
    });
    expect(await rowOf(a)).toBeUndefined();
    expect(await rowOf(b)).toBeUndefined();
    expect(await server.app.db.select().from(leadFollowUp).where(eq(leadFollowUp.leadId, a))).toEqual([]);
    // Nothing of the notes is left anywhere: not in the timeline, the log or the outbox.
    expect(await noteTraces()).toEqual({ lead_follow_up: 0, audit_log: 0, outbox: 0 });
    expect(await rowOf(kept)).toBeDefined();
    expect((await s.asAdmin(inquireLeadListAdmin, { phone })).body.datas).toEqual([]);
    const again = await s.asAdmin(eraseLeadsOfPhoneAdmin, { phone });
    expect(again.body).toMatchObject({
      success: true,
      data: { erased: 0 },
      message: '该手机号没有线索，无需删除',
    });
    // The person's copy of a number without leads: the two sections, empty.
    const none = parseCsv(await exportCsv(phone));
    expect(section(none, '线索')).toEqual([]);
    expect(section(none, '跟进记录')).toEqual([]);

    const audit = (await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'lead' })).body.datas;
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    expect(audit.find((d: { action: string }) => d.action === 'erase')).toMatchObject({
      accountName: expect.any(String),
      detail: { title: `删除手机号 ${masked} 的全部线索`, rows: 0 },
    });
    expect(
      audit
        .filter((d: { action: string }) => d.action === 'erase')
        .map((d: { detail: { rows: number } }) => d.detail.rows),
    ).toContain(2);
    expect(audit.find((d: { action: string }) => d.action === 'export')?.detail).toMatchObject({
      title: `导出手机号 ${masked} 的个人信息副本`,
      phone: masked,
    });
    expect(JSON.stringify(audit)).not.toContain(phone);
  });
});
